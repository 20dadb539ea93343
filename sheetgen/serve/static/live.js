// sheetgen serve: live updates. Pages work without this file; it only saves reloading.
// - On every finished build (server-sent events from /events), parts of the page marked
//   data-live="replace" are fetched again and swapped in place.
// - Forms marked data-live-form="#result" show their result as you type; buttons
//   (re-roll, roll, assign) fetch the whole form again. A newer update cancels the fetch of
//   an older one, so that the server stops working on it.
(function () {
  "use strict";

  async function fetchPage(url, signal) {
    const response = await fetch(url, { headers: { "X-Live": "1" }, cache: "no-store", signal: signal });
    const html = await response.text();
    return new DOMParser().parseFromString(html, "text/html");
  }

  function swap(doc, selector) {
    const fresh = doc.querySelector(selector);
    const old = document.querySelector(selector);
    if (fresh && old) old.replaceWith(document.importNode(fresh, true));
  }

  async function refresh(version) {
    const regions = Array.from(document.querySelectorAll("[data-live=replace]"));
    const doc = await fetchPage(location.href);
    regions.forEach(function (region) { if (region.id) swap(doc, "#" + region.id); });
    swap(doc, "#status");
    document.body.dataset.version = version;
  }

  if (window.EventSource) {
    const source = new EventSource("/events");
    source.addEventListener("build", function (event) {
      if (event.data !== document.body.dataset.version) refresh(event.data).catch(function () {});
    });
  }

  function formUrl(form, extra) {
    const data = new FormData(form);
    if (extra) data.append(extra.name, extra.value);
    return form.action + "?" + new URLSearchParams(data).toString();
  }

  document.querySelectorAll("form[data-live-form]").forEach(function (form) {
    const target = form.dataset.liveForm;
    let timer = null;
    let latest = 0;
    let pending = null;
    async function update(extra, whole) {
      const ticket = ++latest;
      const url = formUrl(form, extra);
      if (pending) pending.abort();
      pending = new AbortController();
      const doc = await fetchPage(url, pending.signal);
      if (ticket !== latest) return;  // a newer update is on its way
      if (whole) {
        swap(doc, "#form");
        swap(doc, target);
        bind(document.querySelector("#form"));
        history.replaceState(null, "", formUrlFromForm());
      } else {
        swap(doc, target);
        history.replaceState(null, "", url);
      }
    }
    function formUrlFromForm() { return formUrl(document.querySelector("#form")); }
    function bind(f) {
      form = f;
      function later() {
        clearTimeout(timer);
        timer = setTimeout(function () { update(null, false).catch(function () {}); }, 150);
      }
      f.addEventListener("input", later);
      f.addEventListener("change", later);
      f.querySelectorAll("button[name]").forEach(function (button) {
        if (button.getAttribute("formmethod") === "post") return;
        button.addEventListener("click", function (event) {
          event.preventDefault();
          update({ name: button.name, value: button.value }, true).catch(function () {});
        });
      });
    }
    bind(form);
  });
})();
