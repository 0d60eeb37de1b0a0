// drydock studio: the page's one script (no build step, nothing fetched but the studio's own answers).
// The design page keeps the design file's text; every field change is sent to /api/edit, which answers
// the new text and the editor (figures, fields, problems) rendered by the server; a draft is kept in
// localStorage so that nothing typed is lost on a reload, until it is saved.
"use strict";

(function () {
  const token = new URLSearchParams(location.search).get("token");

  function post(url, body) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-Drydock-Token"] = token;
    return fetch(url, { method: "POST", headers: headers, body: JSON.stringify(body), credentials: "same-origin" })
      .then(function (r) {
        return r.text().then(function (t) {
          let data;
          try { data = JSON.parse(t); } catch (e) { data = { error: t.trim() || r.statusText }; }
          data._status = r.status;
          return data;
        });
      });
  }

  function notice(text, bad) {
    const el = document.getElementById("notice");
    if (!el) return;
    el.textContent = text;
    el.className = bad ? "notice bad" : "notice";
    el.hidden = !text;
  }

  function withToken(url) {
    return token ? url + (url.indexOf("?") < 0 ? "?" : "&") + "token=" + encodeURIComponent(token) : url;
  }

  // ------------------------------------------------------------ library page
  const newForm = document.getElementById("new-design");
  if (newForm) {
    newForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      const name = document.getElementById("new-name").value.trim();
      post("/api/new", { path: name }).then(function (r) {
        if (r.error) { notice(r.error, true); return; }
        location.href = withToken("/design?path=" + encodeURIComponent(r.path));
      });
    });
  }

  const addInput = document.getElementById("add-files");
  if (addInput) {
    const add = function (files) {
      const sends = Array.prototype.map.call(files, function (file) {
        const headers = {};
        if (token) headers["X-Drydock-Token"] = token;
        return fetch("/api/add?path=" + encodeURIComponent(file.name), { method: "POST", headers: headers,
          body: file, credentials: "same-origin" }).then(function (r) { return r.json(); });
      });
      Promise.all(sends).then(function (results) {
        const bad = results.filter(function (r) { return r.error; });
        if (bad.length) { notice(bad.map(function (r) { return r.error; }).join("; "), true); return; }
        location.reload();
      });
    };
    addInput.addEventListener("change", function () { add(addInput.files); });
    document.addEventListener("dragover", function (ev) { ev.preventDefault(); });
    document.addEventListener("drop", function (ev) {
      ev.preventDefault();
      if (ev.dataTransfer && ev.dataTransfer.files.length) add(ev.dataTransfer.files);
    });
  }

  const pasteForm = document.getElementById("paste");
  if (pasteForm) {
    let pastedText = "";
    pasteForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      post("/api/paste", { text: document.getElementById("post").value,
                           kind: document.getElementById("post-kind").value }).then(function (r) {
        if (r._status !== 200) { notice(r.error, true); return; }
        document.getElementById("paste-result").hidden = false;
        document.getElementById("paste-report").textContent =
          "Read as " + r.kind + "\n" + r.report.join("\n") + (r.error ? "\n" + r.error : "");
        document.getElementById("paste-text").textContent = r.text;
        document.getElementById("paste-name").value = r.name;
        document.getElementById("paste-save").disabled = !r.text;
        pastedText = r.text;
        notice(r.error ? "The post could not be converted: see the report" : "", !!r.error);
        document.getElementById("paste-report").focus();
      });
    });
    document.getElementById("paste-save").addEventListener("click", function () {
      const name = document.getElementById("paste-name").value.trim();
      post("/api/save", { path: name, text: pastedText, version: null }).then(function (r) {
        if (r.error) { notice(r.error, true); return; }
        location.href = withToken("/design?path=" + encodeURIComponent(name) + "&saved=1");
      });
    });
  }

  // ------------------------------------------------------------ design page
  const root = document.getElementById("design");
  if (!root) return;
  const path = root.dataset.path;
  let version = root.dataset.version;
  const draftKey = "drydock-studio:" + location.pathname + ":" + path;
  let savedText = textArea().value;
  let busy = Promise.resolve();

  function textArea() { return document.getElementById("text"); }
  function rules() { return document.getElementById("rules").value; }

  function markDirty() {
    const dirty = textArea().value !== savedText;
    document.getElementById("dirty").hidden = !dirty;
    if (dirty) {
      localStorage.setItem(draftKey, JSON.stringify({ text: textArea().value, version: version }));
    } else {
      localStorage.removeItem(draftKey);
    }
  }

  let swap = function (html, text) {
    const active = document.activeElement;
    const activeId = active && active.id;
    const caret = active && typeof active.selectionStart === "number" ? active.selectionStart : null;
    document.getElementById("editor").innerHTML = html;
    textArea().value = text;
    if (activeId) {
      const again = document.getElementById(activeId);
      if (again) {
        again.focus();
        if (caret !== null && typeof again.setSelectionRange === "function") {
          try { again.setSelectionRange(caret, caret); } catch (e) { /* not a text input */ }
        }
      }
    }
    markDirty();
  };

  function edit(body) {
    body.path = path;
    body.rules = rules();
    busy = busy.then(function () {
      body.text = textArea().value;
      root.setAttribute("aria-busy", "true");
      return post("/api/edit", body).then(function (r) {
        root.removeAttribute("aria-busy");
        if (r.error) { notice(r.error, true); return; }
        notice("");
        swap(r.html, r.text);
      });
    });
    return busy;
  }

  document.getElementById("editor").addEventListener("change", function (ev) {
    const el = ev.target;
    if (el.dataset && el.dataset.key) {
      edit({ key: el.dataset.key, value: el.value });
    } else if (el.id === "text") {
      edit({});
    }
  });
  document.getElementById("editor").addEventListener("keydown", function (ev) {
    const el = ev.target;
    if (ev.key === "Enter" && el.tagName === "INPUT" && el.dataset.key) {
      ev.preventDefault();
      edit({ key: el.dataset.key, value: el.value });
    }
  });
  document.getElementById("editor").addEventListener("click", function (ev) {
    const el = ev.target.closest("button");
    if (!el) return;
    if (el.dataset.action) {
      const body = { action: el.dataset.action };
      if (el.dataset.index !== undefined) body.index = parseInt(el.dataset.index, 10);
      edit(body).then(function () {
        const buttons = document.querySelectorAll("[data-action=add_battery]");
        if (buttons.length) buttons[0].focus();
      });
    } else if (el.id === "copy-drake") {
      const text = document.getElementById("drake").textContent;
      navigator.clipboard.writeText(text).then(function () { notice("Drake text copied"); },
        function () { notice("Copy failed: select the text and copy it", true); });
    }
  });
  document.getElementById("rules").addEventListener("change", function () { edit({}); });

  // the display sheet: a preview by the renderer of drydock ssd, and downloads
  const frame = document.getElementById("sheet-frame");
  let previewTimer = null;
  function preview() {
    return post("/api/preview", { path: path, text: textArea().value, rules: rules() }).then(function (r) {
      if (r.error) { notice(r.error, true); return; }
      frame.hidden = false;
      frame.src = withToken(r.url);
    });
  }
  function download(route, suffix) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-Drydock-Token"] = token;
    return fetch(route, { method: "POST", headers: headers, credentials: "same-origin",
                          body: JSON.stringify({ path: path, text: textArea().value, rules: rules() }) })
      .then(function (r) {
        if (!r.ok) return r.json().then(function (e) { notice(e.error, true); });
        return r.blob().then(function (blob) {
          const a = document.createElement("a");
          a.href = URL.createObjectURL(blob);
          a.download = path.split("/").pop().replace(/\.[a-z]+$/i, "") + suffix;
          document.body.appendChild(a);
          a.click();
          a.remove();
          notice("Downloaded " + a.download);
        });
      });
  }
  document.getElementById("preview-sheet").addEventListener("click", preview);
  document.getElementById("download-pdf").addEventListener("click", function () { download("/api/ssd", ".pdf"); });
  document.getElementById("download-xlsx").addEventListener("click", function () { download("/api/workbook", ".xlsx"); });
  // test battles: one at a time per page, in a worker; progress streamed as server-sent events
  const pageId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let battleKey = null;
  let stream = null;
  const battleButton = document.getElementById("battle");
  const cancelButton = document.getElementById("cancel-battle");
  function battleEnded(text) {
    if (stream) { stream.close(); stream = null; }
    battleButton.disabled = false;
    cancelButton.disabled = true;
    document.getElementById("battle-bar").hidden = true;
    if (text !== undefined) document.getElementById("battle-stage").textContent = text;
  }
  battleButton.addEventListener("click", function () {
    const number = function (id) { return parseInt(document.getElementById(id).value, 10); };
    const value = function (id) { return document.getElementById(id).value; };
    battleButton.disabled = true;
    document.getElementById("verdict").hidden = true;
    document.getElementById("battle-details").hidden = true;
    document.getElementById("report-frame").hidden = true;
    document.getElementById("battle-stage").textContent = "starting the battle";
    post("/api/battle", { path: path, text: textArea().value, rules: rules(), page: pageId,
                          opponent: document.getElementById("opponent").value,
                          runs: number("runs"), seed: number("seed"), turns: number("turns"),
                          options: Array.from(document.getElementById("play-options").selectedOptions,
                                              function (o) { return o.value; }),
                          scenario: value("scenario"), terrain: value("terrain"), deployment: value("deployment"),
                          doctrine_a: value("doctrine-a"), doctrine_b: value("doctrine-b"),
                          battle_size: value("battle-size") }).then(function (r) {
      if (r.error) { battleEnded(""); notice(r.error, true); return; }
      battleKey = r.battle;
      cancelButton.disabled = false;
      stream = new EventSource(withToken("/api/battle/" + battleKey + "/events"));
      stream.onmessage = function (m) {
        const e = JSON.parse(m.data);
        const bar = document.getElementById("battle-bar");
        if (e.type === "progress") {
          bar.hidden = !e.total;
          bar.max = e.total || 1;
          bar.value = e.done;
          document.getElementById("battle-stage").textContent = e.stage +
            (e.total ? ": " + e.done + " of " + e.total + " battles" : "") +
            (e.left !== null && e.left !== undefined ? ", about " + e.left + " s left" : "");
        } else if (e.type === "done") {
          battleEnded("");
          const v = document.getElementById("verdict");
          v.textContent = e.verdict;
          v.hidden = false;
          document.getElementById("battle-blocks").textContent = e.blocks.join("\n\n");
          document.getElementById("battle-details").hidden = false;
          if (e.report) {
            const f = document.getElementById("report-frame");
            f.src = withToken(e.report);
            f.hidden = false;
          }
        } else if (e.type === "error") {
          battleEnded("");
          notice(e.error, true);
        } else if (e.type === "warning") {
          notice(e.line, false);
        } else if (e.type === "end" || e.type === "cancelled") {
          battleEnded();
        }
      };
      stream.onerror = function () { if (stream && stream.readyState === 2) battleEnded(); };
    });
  });
  cancelButton.addEventListener("click", function () {
    if (!battleKey) return;
    post("/api/battle/" + battleKey + "/cancel", {}).then(function () { battleEnded("Battle cancelled"); });
  });

  const originalSwap = swap;
  swap = function (html, text) {
    originalSwap(html, text);
    if (!frame.hidden) {
      clearTimeout(previewTimer);
      previewTimer = setTimeout(preview, 300);
    }
  };

  function save(name, baseVersion) {
    return busy.then(function () {
      return post("/api/save", { path: name, text: textArea().value, version: baseVersion });
    }).then(function (r) {
      const stale = document.getElementById("stale");
      if (r.stale) {
        document.getElementById("stale-message").textContent = r.error;
        document.getElementById("save-as-name").value = path.replace(/(\.[a-z]+)$/i, "-copy$1");
        stale.hidden = false;
        document.getElementById("reload").focus();
        return;
      }
      if (r.error) { notice(r.error, true); return; }
      stale.hidden = true;
      savedText = textArea().value;
      if (name === path) {
        version = r.version;
        root.dataset.version = version;
        markDirty();
        edit({}).then(function () { notice("Saved " + name); });  // the what-if's base is now this text
      } else {
        localStorage.removeItem(draftKey);
        location.href = withToken("/design?path=" + encodeURIComponent(name) + "&saved=1");
      }
    });
  }

  document.getElementById("save").addEventListener("click", function () { save(path, version); });
  document.getElementById("save-as").addEventListener("click", function () {
    const name = document.getElementById("save-as-name").value.trim();
    if (name) save(name, null);
  });
  document.getElementById("reload").addEventListener("click", function () {
    localStorage.removeItem(draftKey);
    location.reload();
  });
  document.addEventListener("keydown", function (ev) {
    if ((ev.ctrlKey || ev.metaKey) && ev.key === "s") {
      ev.preventDefault();
      document.activeElement && document.activeElement.blur && document.activeElement.dispatchEvent(new Event("change", { bubbles: true }));
      save(path, version);
    }
  });

  if (new URLSearchParams(location.search).get("saved")) notice("Saved " + path);
  const draft = localStorage.getItem(draftKey);
  if (draft) {
    try {
      const d = JSON.parse(draft);
      if (d.text !== savedText) {
        version = d.version;
        textArea().value = d.text;
        edit({}).then(function () { notice("Your unsaved changes were restored (kept by this browser until saved)"); });
      }
    } catch (e) { localStorage.removeItem(draftKey); }
  }
})();
