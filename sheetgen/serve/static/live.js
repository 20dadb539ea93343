// sheetgen serve: live updates. Pages work without this file; it only saves reloading.
// - On every finished build (server-sent events from /events), parts of the page marked
//   data-live="replace" are fetched again and swapped in place; while the event stream is
//   lost, the status line says so.
// - Forms marked data-live-form="#result" show their result as you type; buttons
//   (re-roll, roll, assign) and fields marked data-whole fetch the whole form again. A
//   newer update cancels the fetch of an older one, so that the server stops working on it.
// - A swap keeps what the user was on: the focused element (by id) and the scroll position
//   of the element at the top of the window; a field's error is filled in beside it; a
//   preview marked data-keep-last stays, dimmed, while the new result has none.
(function () {
  "use strict";

  async function fetchPage(url, signal) {
    const response = await fetch(url, { headers: { "X-Live": "1" }, cache: "no-store", signal: signal });
    const html = await response.text();
    return new DOMParser().parseFromString(html, "text/html");
  }

  // The element with an id nearest the top of the window, and where it is.
  function anchor() {
    const all = document.querySelectorAll("main [id]");
    for (let i = 0; i < all.length; i++) {
      const top = all[i].getBoundingClientRect().top;
      if (top >= 0) return { id: all[i].id, top: top };
    }
    return null;
  }

  function restore(kept, focused) {
    if (kept) {
      const el = document.getElementById(kept.id);
      if (el) window.scrollBy(0, el.getBoundingClientRect().top - kept.top);
    }
    if (focused && document.activeElement !== focused) {
      const again = focused.id ? document.getElementById(focused.id) : null;
      if (again && again !== focused) again.focus({ preventScroll: true });
    }
  }

  function keepLast(fresh, old) {
    fresh.querySelectorAll("[data-keep-last]").forEach(function (slot) {
      const before = slot.id && old.querySelector("#" + CSS.escape(slot.id));
      const img = before && before.querySelector("img");
      if (!img) return;
      const fresh = slot.querySelector("img");
      if (fresh) {  // the new preview takes the old one's room while it loads: nothing below moves
        fresh.style.minHeight = img.offsetHeight + "px";
        fresh.addEventListener("load", function () { fresh.style.minHeight = ""; }, { once: true });
        return;
      }
      img.classList.add("stale");
      const note = slot.querySelector("[data-stale-note]");
      if (note) note.textContent = note.dataset.staleNote;
      slot.appendChild(img);
    });
  }

  function swap(doc, selector) {
    const fresh = doc.querySelector(selector);
    const old = document.querySelector(selector);
    if (!fresh || !old) return;
    const focused = document.activeElement;
    const kept = anchor();
    const node = document.importNode(fresh, true);
    keepLast(node, old);
    old.replaceWith(node);
    restore(kept, old.contains(focused) ? focused : null);
  }

  function fieldErrors(doc) {
    document.querySelectorAll("[data-error-for]").forEach(function (slot) {
      const fresh = doc.getElementById(slot.id);
      const text = fresh ? fresh.textContent : "";
      if (slot.textContent !== text) slot.textContent = text;
      const field = document.querySelector("[aria-describedby='" + slot.id + "']");
      if (field) {
        if (text) field.setAttribute("aria-invalid", "true");
        else field.removeAttribute("aria-invalid");
      }
    });
  }

  async function refresh(version) {
    const regions = Array.from(document.querySelectorAll("[data-live=replace]"));
    const doc = await fetchPage(location.href);
    regions.forEach(function (region) { if (region.id) swap(doc, "#" + region.id); });
    swap(doc, "#status");
    document.body.dataset.version = version;
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("build", function (event) {
      if (event.data !== document.body.dataset.version) refresh(event.data).catch(function () {});
    });
    source.addEventListener("open", function () {  // back again: the status line as the server has it
      const status = document.getElementById("status");
      if (status && status.classList.contains("disconnected")) {
        refresh(document.body.dataset.version).catch(function () {});
      }
    });
    source.addEventListener("error", function () {  // the browser retries by itself
      const status = document.getElementById("status");
      if (status) {
        status.classList.add("disconnected");
        status.textContent = "disconnected from sheetgen serve, retrying…";
      }
    });
  }
  if (window.EventSource) connect();

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
    // A page a save answered (a failed save's, at /…/save) is the form's page: a reload asks
    // for the form again, it does not post it again.
    if (form.dataset.here && location.pathname !== new URL(form.dataset.here, location.href).pathname) {
      history.replaceState(null, "", form.dataset.here);
    }
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
        history.replaceState(null, "", formUrl(form));
      } else {
        swap(doc, target);
        fieldErrors(doc);
        history.replaceState(null, "", url);
      }
    }
    function bind(f) {
      form = f;
      function later(event) {
        clearTimeout(timer);
        const whole = event.target.hasAttribute("data-whole");
        timer = setTimeout(function () { update(null, whole).catch(function () {}); }, whole ? 0 : 150);
      }
      f.addEventListener("input", later);
      f.addEventListener("change", later);
      f.querySelectorAll("button[name]").forEach(function (button) {
        if (button.getAttribute("formmethod") === "post") return;
        button.addEventListener("click", function (event) {
          event.preventDefault();
          clearTimeout(timer);  // the typing just before the click is in this request: no later one undoes it
          update({ name: button.name, value: button.value }, true).catch(function () {});
        });
      });
    }
    bind(form);
  });
})();
