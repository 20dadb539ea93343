// sheetgen serve: live updates. Pages work without this file; it only saves reloading.
// - On every published build (server-sent events from /events, which name the previews
//   that changed), those images are swapped at once; then the parts of the page marked
//   data-live="replace" are fetched again and swapped in place, keeping the images that
//   did not change, the focus and what was on screen. While the event stream is lost, the
//   status line says so.
// - The gallery's filter hides the outputs that do not match as you type.
// - A preview refused while the server is busy is asked for again, once.
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

  // The new version of each changed preview, once loaded (so that no blank shows meanwhile);
  // resolves when all have loaded or failed.
  function swapImages(changed) {
    return Promise.all(Object.keys(changed || {}).map(function (anchor) {
      const url = changed[anchor];
      return new Promise(function (done) {
        const loader = new Image();
        loader.onload = function () {
          document.querySelectorAll("img[data-preview]").forEach(function (img) {
            if (img.dataset.preview === anchor && img.getAttribute("src") !== url) img.setAttribute("src", url);
          });
          done();
        };
        loader.onerror = done;
        loader.src = url;
      });
    }));
  }

  // The element that has the focus, as something that finds it again in a fresh copy.
  function focusKey() {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    if (el.id) return { id: el.id };
    const href = el.getAttribute("href");
    const card = el.closest("[id]");
    return href ? { href: href, within: card ? card.id : null } : null;
  }

  function refocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    let el = null;
    if (key.id) el = document.getElementById(key.id);
    else {
      const scope = key.within ? document.getElementById(key.within) : document;
      el = scope && Array.from(scope.querySelectorAll("[href]")).find(function (a) { return a.getAttribute("href") === key.href; });
    }
    if (el) el.focus({ preventScroll: true });
  }

  // The first card on screen and where it is, to put it back there after the swap.
  function screenAnchor() {
    const cards = document.querySelectorAll("[data-live=replace] [id]");
    for (const el of cards) {
      const top = el.getBoundingClientRect().top;
      if (top >= 0) return { id: el.id, top: top };
    }
    return null;
  }

  // A fresh copy's images load nothing until they are on the page: then each takes the
  // element of the old copy that shows the same URL (loaded already), or its own URL.
  function holdImages(fresh) {
    fresh.querySelectorAll("img[src]").forEach(function (img) {
      img.dataset.src = img.getAttribute("src");
      img.removeAttribute("src");
    });
  }

  function placeImages(copy, old) {
    const loaded = {};
    old.querySelectorAll("img[src]").forEach(function (img) { loaded[img.getAttribute("src")] = img; });
    copy.querySelectorAll("img[data-src]").forEach(function (img) {
      const url = img.dataset.src;
      const was = loaded[url];
      if (was) {
        delete loaded[url];
        img.replaceWith(was);
      } else {
        img.removeAttribute("data-src");
        img.setAttribute("src", url);
      }
    });
  }

  function showStatus(build) {
    const status = document.getElementById("status");
    if (!status) return;
    status.textContent = build.summary;
    status.classList.toggle("error", build.errors > 0);
  }

  let refreshing = null;
  async function refresh(build) {
    showStatus(build);
    const regions = Array.from(document.querySelectorAll("[data-live=replace]"));
    if (refreshing) refreshing.abort();
    const mine = refreshing = new AbortController();
    await swapImages(build.changed);  // the images first: the rest of the page can wait
    if (!regions.length) { document.body.dataset.version = build.version; return; }
    if (mine.signal.aborted) return;
    const doc = await fetchPage(location.href, mine.signal);
    const focused = focusKey();
    const seen = screenAnchor();
    regions.forEach(function (region) {
      if (!region.id) return;
      const fresh = doc.getElementById(region.id);
      const old = document.getElementById(region.id);
      if (!fresh || !old) return;
      holdImages(fresh);
      const copy = document.importNode(fresh, true);
      old.replaceWith(copy);
      placeImages(copy, old);
    });
    swap(doc, "#status");
    filterCards();
    if (seen) {
      const again = document.getElementById(seen.id);
      if (again) window.scrollBy(0, again.getBoundingClientRect().top - seen.top);
    }
    refocus(focused);
    document.body.dataset.version = build.version;
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("build", function (event) {
      const build = JSON.parse(event.data);
      if (String(build.version) !== document.body.dataset.version) refresh(build).catch(function () {});
    });
    source.addEventListener("open", function () {  // back again: the status line as the server has it
      const status = document.getElementById("status");
      if (status && status.classList.contains("disconnected")) {
        fetchPage(location.href).then(function (doc) { swap(doc, "#status"); }).catch(function () {});
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

  // A preview the busy server turned away (503: too many at once) is asked for once more,
  // whether it failed before this script ran or after.
  function retry(img) {
    if (!(img instanceof HTMLImageElement) || !img.classList.contains("preview") || img.dataset.retried) return;
    img.dataset.retried = "1";
    setTimeout(function () {
      const url = img.getAttribute("src");
      img.removeAttribute("src");
      img.setAttribute("src", url);
    }, 2000);
  }
  document.addEventListener("error", function (event) { retry(event.target); }, true);
  document.querySelectorAll("img.preview[src]").forEach(function (img) {
    if (img.complete && !img.naturalWidth) retry(img);
  });

  // The gallery's filter, live: the server hides the same outputs for the same query.
  function filterCards() {
    const form = document.getElementById("filter");
    if (!form) return;
    const query = form.elements.q.value.trim().toLowerCase();
    const kind = form.elements.kind.value;
    let shown = 0;
    const cards = document.querySelectorAll("li.output[data-search]");
    cards.forEach(function (card) {
      const match = (!query || card.dataset.search.includes(query)) &&
        (!kind || card.dataset.kinds.split(" ").includes(kind));
      card.hidden = !match;
      if (match) shown += 1;
    });
    document.querySelectorAll("section.product, section.game").forEach(function (section) {
      section.hidden = !section.querySelector("li.output:not([hidden])");
    });
    const count = document.getElementById("shown-count");
    if (count) count.textContent = query || kind ? shown + " of " + cards.length + " outputs match" : cards.length + " outputs";
  }

  const filter = document.getElementById("filter");
  if (filter) {
    const follow = function () {
      filterCards();
      const params = new URLSearchParams(new FormData(filter));
      Array.from(params.keys()).forEach(function (k) { if (!params.get(k)) params.delete(k); });
      const query = params.toString();
      history.replaceState(null, "", "/" + (query ? "?" + query : "") + location.hash);
    };
    filter.addEventListener("input", follow);
    filter.addEventListener("change", follow);
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
