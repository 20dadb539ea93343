"""A real headless Chromium (Debian's `chromium` and `chromium-driver`, driven by Selenium)
for the `sheetgen serve` browser tests; the fixtures `browser`, `shots` and `served_cubit`
are in tests/conftest.py. Importing this module skips the importing test module where
Chromium is missing, except under CI, where `.ci/run` installs it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER) and not os.environ.get("CI"):
    pytest.skip(
        "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402, F401 (for the test modules)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 20  # seconds any one expected change may take before the test fails (the machine may be busy)


def chrome(profile: Path, downloads: Path):
    """A headless Chromium with a profile folder of its own (tests in parallel share none)
    that saves downloads into `downloads` and keeps what the console says."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1000",
        "--no-first-run",
        "--disable-extensions",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # what the console says
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    driver.set_page_load_timeout(20)
    driver.downloads = downloads
    return driver


def wait_until(driver, condition, message: str):
    try:
        return WebDriverWait(
            driver, WAIT, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]
        ).until(lambda d: condition(d), message)
    except TimeoutException:
        if getattr(driver, "shots", None):
            driver.save_screenshot(str(driver.shots / "timed-out.png"))
        raise
