// The director's console: signs in with a director token, kept in this
// tab's session storage only, sends it as a bearer token with every call of
// the REST API, and draws the view the path names:
//
//	/console                 the events, and a form for a new one
//	/console/events/{event}  its sessions and sections, a new section with a
//	                         movement picked from the recommendations, the
//	                         table and guide cards, the table codes (issued
//	                         and revoked) and the results files
//	/console/events/{event}/sessions/{session}/sections/{section}
//	                         the results in by table and round, the calls,
//	                         late and withdrawn pairs, and for a Swiss the
//	                         next round to pair
//
// Everything shown is built with DOM calls and textContent, never from
// HTML strings, so no name or title can become markup.
(function () {
  "use strict";
  var key = "director-token";
  var form = document.getElementById("signin-form");
  var errorLine = document.getElementById("signin-error");
  var app = document.getElementById("app");

  function api(method, path, body) {
    var opts = { method: method, headers: { Authorization: "Bearer " + sessionStorage.getItem(key) } };
    if (method !== "GET") {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body || {});
    }
    return fetch(path, opts).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) throw new Error(j.message || r.status + " " + r.statusText);
        return j;
      });
    });
  }

  // el makes an element: el("a", {href: "/"}, "text", child, ...).
  function el(tag, attrs) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "on") Object.keys(attrs.on).forEach(function (ev) { e.addEventListener(ev, attrs.on[ev]); });
      else e.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c == null) continue;
      e.append(typeof c === "string" || typeof c === "number" ? String(c) : c);
    }
    return e;
  }

  function field(label, input) {
    return el("p", {}, el("label", { for: input.id }, label), " ", input);
  }

  // formOf makes a form whose submit runs act(form) and shows its error.
  function formOf(id, legend, fields, button, act) {
    var status = el("p", { class: "error", role: "alert" });
    var f = el("form", { id: id }, el("fieldset", {}, el("legend", {}, legend)), status);
    fields.forEach(function (x) { f.firstChild.append(x); });
    f.firstChild.append(el("button", { type: "submit" }, button));
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      status.textContent = "";
      Promise.resolve().then(function () { return act(f); }).catch(function (err) { status.textContent = err.message; });
    });
    return f;
  }

  function show() {
    var parts = location.pathname.split("/").filter(Boolean);
    app.replaceChildren();
    if (parts.length === 3 && parts[1] === "events") return eventView(decodeURIComponent(parts[2]));
    if (parts.length === 7 && parts[1] === "events" && parts[3] === "sessions" && parts[5] === "sections") {
      return sectionView(parts[2], parts[4], parts[6]);
    }
    return eventsView();
  }

  function go(path) {
    history.pushState(null, "", path);
    show();
  }

  function eventsView() {
    var list = el("ul", { id: "events" });
    app.append(el("h2", {}, "Events"), list);
    api("GET", "/v1/events?page_size=100").then(function (r) {
      (r.events || []).forEach(function (ev) {
        var id = ev.name.split("/")[1];
        list.append(el("li", {}, el("a", { href: "/console/events/" + id }, ev.title || id),
          ev.venue ? " · " + ev.venue : null, " ", el("a", { href: "/" + ev.name, class: "muted" }, "(public page)")));
      });
      if (!list.children.length) list.append(el("li", { class: "muted" }, "No events yet."));
    });
    var forms = el("select", { id: "new-form" },
      el("option", { value: "FORM_MATCHPOINTS" }, "Pairs, matchpoints"),
      el("option", { value: "FORM_CROSS_IMPS" }, "Pairs, cross-IMPs"),
      el("option", { value: "FORM_BUTLER" }, "Pairs, Butler"),
      el("option", { value: "FORM_TEAMS_VP" }, "Teams, victory points"));
    var twoWinners = el("input", { id: "new-two-winners", type: "checkbox" });
    app.append(formOf("new-event", "A new event", [
      field("Event id (a-z, 0-9, -)", el("input", { id: "new-id", required: "", pattern: "[a-z0-9][a-z0-9-]{0,62}" })),
      field("Title", el("input", { id: "new-title", required: "" })),
      field("Venue", el("input", { id: "new-venue" })),
      field("Scoring", forms),
      field("North-South and East-West ranked apart", twoWinners)
    ], "Create the event", function (f) {
      var id = f.querySelector("#new-id").value;
      return api("POST", "/v1/events", { event_id: id, event: {
        title: f.querySelector("#new-title").value, venue: f.querySelector("#new-venue").value,
        scoring: { form: forms.value, two_winners: twoWinners.checked } } }).then(function () { go("/console/events/" + id); });
    }));
  }

  function eventView(id) {
    var ev = "events/" + id;
    var heading = el("h2", {}, id);
    var sessions = el("div", { id: "sessions" });
    app.append(el("p", {}, el("a", { href: "/console" }, "All events"), " · ", el("a", { href: "/" + ev }, "public page")), heading, sessions);
    api("GET", "/v1/" + ev).then(function (r) { heading.textContent = r.event.title || id; }, function (err) { heading.textContent = err.message; });
    api("GET", "/v1/" + ev + "/sessions").then(function (r) {
      (r.sessions || []).forEach(function (s) {
        var n = s.name.split("/")[3];
        var items = el("ul", {});
        (s.sections || []).forEach(function (letter) {
          var name = s.name + "/sections/" + letter;
          var line = el("li", { "data-section": name }, "Section " + letter + ": ");
          items.append(line);
          api("GET", "/v1/" + name).then(function (r) {
            var sec = r.section, m = sec.movement;
            line.append((sec.entrants || []).length + " entrants, " + (m ? (m.name || "movement set") : "no movement yet"),
              " · ", el("a", { href: "/" + ev + "/standings?session=" + n + "&section=" + letter }, "standings"));
            if (!m) return;
            var codes = el("div", { class: "codes" });
            line.append(" · ", el("a", { href: "/console/" + name }, "watch the session"),
              " · ", download("/v1/" + name + "/files/cards.pdf", "Table and guide cards (PDF)"),
              " · ", download("/v1/" + name + "/files/rounddata.csv", "RoundData"),
              " · ", el("button", { type: "button", "data-issue": name, on: { click: function () { issueCodes(name, codes); } } }, "Issue table codes"),
              codes);
          });
        });
        var boards = el("div", { class: "boards", "data-boards": s.name }), publication = el("p", { class: "publication" });
        boardsOf(s.name, s.sections || [], id, boards);
        publicationOf(s.name, publication);
        sessions.append(el("section", { "data-session": n }, el("h3", {}, "Session " + n + (s.title ? ": " + s.title : "")), items, boards, publication,
          el("p", {}, "Results files: ", download("/v1/" + s.name + "/results/" + id + "-" + n + ".xml", "USEBIO"), " · ",
            download("/v1/" + s.name + "/results/travellers.csv", "travellers (CSV)"), " · ",
            download("/v1/" + s.name + "/results/standings.csv", "standings (CSV)"))));
      });
    });
    app.append(newSection(ev));
  }

  // sectionView is the grid a director watches the session on: a row for
  // each table, a column for each round, each cell the results in of the
  // boards the table plays that round. A cell is complete (all in),
  // partial, empty, or missing: empty or partial in a round before the
  // latest round with results. It is drawn again on every change of
  // scoring and movement, which it follows as server-sent events.
  function sectionView(id, session, letter) {
    var ev = "events/" + id, name = ev + "/sessions/" + session + "/sections/" + letter;
    var grid = el("div", { id: "grid", class: "scroll" });
    var swiss = el("div", { id: "swiss" });
    var live = el("p", { class: "muted", role: "status" });
    app.append(el("p", {}, el("a", { href: "/console/events/" + id }, "The event"), " · ",
      el("a", { href: "/" + ev + "/standings?session=" + session + "&section=" + letter }, "public standings")),
      el("h2", {}, "Session " + session + ", section " + letter), live, swiss, grid);
    var calls = el("section", { id: "calls", "aria-labelledby": "calls-h" });
    var dialogue = el("section", { id: "ruling", "aria-live": "polite" });
    var num = function (id) { return el("input", { id: id, type: "number", min: "1", required: "" }); };
    var late = num("late-pair"), lateRound = num("late-round"), gone = num("withdraw-pair"), goneRound = num("withdraw-round");
    app.append(calls, dialogue,
      formOf("late", "A late pair", [field("Pair number", late), field("Plays from round", lateRound)], "Add the pair", function () {
        return api("POST", "/v1/" + name + ":addLateEntrant", { entrant: { number: Number(late.value) }, from_round: Number(lateRound.value) }).then(draw);
      }),
      formOf("withdraw", "A pair withdraws", [field("Pair number", gone), field("From round", goneRound)], "Withdraw the pair", function () {
        return api("POST", "/v1/" + name + ":withdrawEntrant", { entrant: Number(gone.value), from_round: Number(goneRound.value) }).then(draw);
      }));
    var drawing = null;
    function draw() {
      drawing = null;
      api("GET", "/v1/" + ev + "/sessions/" + session + "/calls?page_size=1000").then(function (r) {
        calls.replaceChildren(callsOf(name, (r.calls || []).filter(function (c) { return c.name.indexOf(name + "/") === 0; }), dialogue));
      }, function (err) { calls.replaceChildren(el("p", { class: "error", role: "alert" }, err.message)); });
      return Promise.all([api("GET", "/v1/" + name), results(ev, session, letter), api("GET", "/v1/" + name + "/tabletokens").catch(function () { return {}; })]).then(function (got) {
        grid.replaceChildren(gridOf(got[0].section.movement, got[1], got[2].tokens || []));
        swiss.replaceChildren(swissOf(name, got[0].section.movement, got[1], draw));
      }, function (err) { grid.replaceChildren(el("p", { class: "error", role: "alert" }, err.message)); });
    }
    draw();
    follow("/v1/" + ev + "/changes:watch?services=scoring,movement,rulings", function () {
      live.textContent = "Updated " + new Date().toLocaleTimeString();
      if (!drawing) drawing = setTimeout(draw, 300);
    });
  }

  var seats = ["SEAT_NORTH", "SEAT_EAST", "SEAT_SOUTH", "SEAT_WEST"];
  function seatName(seat) { return seat ? seat.replace("SEAT_", "").charAt(0) + seat.replace("SEAT_", "").slice(1).toLowerCase() : ""; }
  function kindName(kind) { return kind.replace("KIND_", "").replace(/_/g, " ").toLowerCase(); }

  // callsOf lists the section's director calls, the open ones first, each
  // with a button that opens its ruling.
  function callsOf(section, list, dialogue) {
    list.sort(function (a, b) { return (a.state === "STATE_APPLIED") - (b.state === "STATE_APPLIED") || a.call_time.localeCompare(b.call_time); });
    var ul = el("ul", {});
    list.forEach(function (c) {
      ul.append(el("li", { "data-call": c.name }, "Table " + c.table + ", round " + c.round + ", board " + c.board + ": " +
        (c.description || "(no description)") + " — called by " + seatName(c.called_by) + " · " + c.state.replace("STATE_", "").toLowerCase() + " ",
        el("button", { type: "button", on: { click: function () { rulingOf(c, dialogue); } } }, "Rule")));
    });
    if (!list.length) ul.append(el("li", { class: "muted" }, "No calls."));
    return el("div", {}, el("h3", { id: "calls-h" }, "Director calls"), ul);
  }

  var kinds = null;
  // kindsOf reads the kinds of irregularity from the API's own description.
  function kindsOf() {
    if (!kinds) kinds = fetch("/openapi3.json").then(function (r) { return r.json(); }).then(function (d) {
      return d.components.schemas.bridgeRulingsV1Kind.enum.filter(function (k) { return k !== "KIND_UNSPECIFIED"; });
    });
    return kinds;
  }

  // rulingOf is the ruling dialogue of call c: what happened, the engine's
  // questions answered until it rules, its options, restrictions and laws,
  // and the adjusted score sent to the standings with its reason.
  function rulingOf(c, into) {
    var kind = el("select", { id: "r-kind" }), offender = el("select", { id: "r-offender" });
    seats.forEach(function (st) { offender.append(el("option", { value: st }, seatName(st))); });
    var offending = el("input", { id: "r-call", placeholder: "1H" });
    var answers = {}, out = el("div", { id: "r-out" });
    kindsOf().then(function (ks) { ks.forEach(function (k) { kind.append(el("option", { value: k }, kindName(k))); }); });
    function ask() {
      var irregularity = { kind: kind.value, offender: offender.value };
      if (offending.value) irregularity.call = offending.value;
      return api("POST", "/v1/" + c.name + ":rule", { irregularity: irregularity, answers: answers }).then(function (r) { show(r.call.ruling || {}); });
    }
    function show(ru) {
      out.replaceChildren();
      if (ru.summary) out.append(el("p", { class: "summary" }, ru.summary));
      (ru.questions || []).forEach(function (q) {
        var group = el("fieldset", { "data-question": q.id }, el("legend", {}, q.text + (q.law ? " (Law " + q.law + ")" : "")));
        (q.choices || []).forEach(function (ch) {
          group.append(el("button", { type: "button", "data-answer": ch.id, on: { click: function () {
            answers[q.id] = ch.id;
            ask().catch(function (err) { out.append(el("p", { class: "error", role: "alert" }, err.message)); });
          } } }, ch.text), " ");
        });
        out.append(group);
      });
      if ((ru.options || []).length) {
        var opts = el("ul", { class: "options" });
        ru.options.forEach(function (o) { opts.append(el("li", {}, seatName(o.chooser) + ": " + o.choice.text + " — " + o.consequence + (o.law ? " (Law " + o.law + ")" : ""))); });
        out.append(el("h4", {}, "Options"), opts);
      }
      if ((ru.restrictions || []).length) {
        var rs = el("ul", { class: "restrictions" });
        ru.restrictions.forEach(function (x) { rs.append(el("li", {}, seatName(x.seat) + ": " + kindName(x.kind.replace("RESTRICTION_", "")) + (x.law ? " (Law " + x.law + ")" : ""))); });
        out.append(el("h4", {}, "Restrictions"), rs);
      }
      if ((ru.laws || []).length) out.append(el("p", { class: "laws" }, "Laws: " + ru.laws.join(", ")));
    }
    var ns = el("input", { id: "r-ns-score", type: "number", step: "10" }), reason = el("input", { id: "r-reason", size: "40" });
    into.replaceChildren(el("h3", {}, "Ruling: table " + c.table + ", board " + c.board),
      formOf("r-ask", "What happened", [field("Irregularity", kind), field("Offender", offender), field("Offending call", offending)],
        "Rule", function () { answers = {}; return ask(); }),
      out,
      formOf("r-apply", "Adjusted score to the standings", [
        field("North-South score", ns), field("Reason (published with the standings)", reason)
      ], "Apply the ruling", function () {
        return api("POST", "/v1/" + c.name + ":apply", { reason: reason.value,
          adjusted_score: { ns_pair: c.ns_pair, ew_pair: c.ew_pair, ns_score: Number(ns.value) } }).then(function () {
          into.replaceChildren(el("p", { class: "applied", role: "status" }, "Applied: " + ns.value + " to North-South, table " + c.table + ", board " + c.board + "."));
        });
      }));
  }

  // results reads every result of a section, a page at a time.
  function results(ev, session, letter, token, into) {
    into = into || [];
    var q = "/v1/" + ev + "/results?page_size=1000&session=" + session + "&section=" + letter + (token ? "&page_token=" + encodeURIComponent(token) : "");
    return api("GET", q).then(function (r) {
      into.push.apply(into, r.results || []);
      return r.next_page_token ? results(ev, session, letter, r.next_page_token, into) : into;
    });
  }

  // swissOf is what a Swiss of teams offers the director: the next round
  // to pair, once every board of the round before is in at both tables
  // of every match, or what it waits for.
  function swissOf(name, movement, got, then) {
    if (!movement || (movement.choice || {}).kind !== "KIND_SWISS_TEAMS") return el("span", {});
    var paired = {}, want = {}, have = {};
    (movement.seatings || []).forEach(function (st) {
      if (!st.ns || !st.ew || !st.low_board) return;
      paired[st.round] = true;
      want[st.round] = (want[st.round] || 0) + st.high_board - st.low_board + 1;
    });
    got.forEach(function (r) { have[r.round] = (have[r.round] || 0) + 1; });
    var next = 0;
    for (var r = 1; r <= movement.rounds; r++) if (!paired[r]) { next = r; break; }
    if (!next) return el("p", { class: "muted" }, "Every round of the Swiss is paired.");
    var missing = (want[next - 1] || 0) - (have[next - 1] || 0);
    if (missing > 0) return el("p", { class: "muted" }, "Round " + next + " is paired once round " + (next - 1) + " is in: " + missing + " results to come.");
    var out = el("p", {});
    out.append(el("button", { type: "button", id: "pair-round", "data-round": next, on: { click: function () {
      var id = "console-pair-" + next + "-" + Date.now();
      return api("POST", "/v1/" + name + ":pairSwissRound", { round: next, request_id: id }).then(then, function (err) {
        out.append(el("p", { class: "error", role: "alert" }, err.message));
      });
    } } }, "Pair round " + next));
    return out;
  }

  function gridOf(movement, got, tokens) {
    if (!movement) return el("p", {}, "No movement yet.");
    // A Swiss round not paired yet has nobody at any table.
    var unpaired = {};
    if ((movement.choice || {}).kind === "KIND_SWISS_TEAMS") {
      for (var r = 1; r <= movement.rounds; r++) unpaired[r] = true;
      (movement.seatings || []).forEach(function (st) { if (st.ns || st.ew) unpaired[st.round] = false; });
    }
    var inCell = {}, flagged = {}, unconfirmed = {}, latest = 0, logon = {};
    got.forEach(function (r) {
      var k = r.table + "/" + r.round;
      inCell[k] = (inCell[k] || 0) + 1;
      if ((r.flags || []).length) flagged[k] = (flagged[k] || []).concat(r.flags.map(function (f) { return "board " + r.board + ": " + f; }));
      if (/\/(tables|entrants)\/\d+$/.test(r.entered_by || "") && !r.confirmation) unconfirmed[k] = (unconfirmed[k] || 0) + 1;
      if (r.round > latest) latest = r.round;
    });
    tokens.forEach(function (t) { if (t.table) logon[t.table.split("/").pop()] = t.logon_time || ""; });
    var head = el("tr", {}, el("th", { scope: "col" }, "Table"));
    for (var round = 1; round <= movement.rounds; round++) head.append(el("th", { scope: "col", class: "num" }, "Round " + round));
    var table = el("table", { class: "grid" }, el("caption", {}, "Results in, by table and round"), head);
    var rows = {};
    (movement.seatings || []).forEach(function (st) {
      if (!rows[st.table]) {
        var on = logon[st.table];
        rows[st.table] = el("tr", { "data-table": st.table }, el("th", { scope: "row" }, "Table " + st.table, " ",
          el("span", { class: "logon " + (on ? "on" : "off"), title: on ? "Logged on at " + new Date(on).toLocaleTimeString() : on === "" ? "Its code is issued, not yet used" : "No live code" },
            on ? "logged on" : "not logged on")));
        for (var i = 1; i <= movement.rounds; i++) rows[st.table].append(el("td", { class: "num" }, ""));
      }
      var cell = rows[st.table].children[st.round];
      cell.dataset.round = st.round;
      if (!st.low_board || !st.ns || !st.ew) {
        var out = !st.ns !== !st.ew ? st.ns || st.ew : 0;
        cell.className = "num sitout";
        cell.textContent = out ? "pair " + out + " sits out" : unpaired[st.round] ? "to be paired" : "sit-out";
        return;
      }
      var boards = st.high_board - st.low_board + 1, n = inCell[st.table + "/" + st.round] || 0;
      var state = n >= boards ? "complete" : st.round < latest ? "missing" : n > 0 ? "partial" : "empty";
      var k = st.table + "/" + st.round, flags = flagged[k] || [], waiting = unconfirmed[k] || 0;
      cell.className = "num " + state + (flags.length ? " flagged" : "");
      cell.title = "Boards " + st.low_board + "–" + st.high_board + ": pairs " + st.ns + " and " + st.ew + ", " + state +
        (waiting ? "; " + waiting + " awaiting the opponents' confirmation" : "") + (flags.length ? "; to look at: " + flags.join("; ") : "");
      cell.replaceChildren(el("button", { type: "button", class: "cell", on: { click: function () {
        showResults(got.filter(function (r) { return r.table === st.table && r.round === st.round; }), st);
      } } }, n + "/" + boards + (waiting ? " ?" : "") + (flags.length ? " ⚑" : "")));
    });
    Object.keys(rows).sort(function (a, b) { return a - b; }).forEach(function (k) { table.append(rows[k]); });
    return el("div", {}, table, el("p", { class: "legend" },
      el("span", { class: "complete" }, "all in"), " ", el("span", { class: "partial" }, "some in"), " ",
      el("span", { class: "empty" }, "none yet"), " ", el("span", { class: "missing" }, "missing from an earlier round"), " ",
      el("span", {}, "? awaiting confirmation"), " ", el("span", { class: "flagged" }, "⚑ flagged for the director")));
  }

  // showResults lists the results of one table's round under the grid,
  // each with a form that corrects it; a correction needs a reason, and is
  // kept as a new revision beside the old.
  function showResults(list, st) {
    var box = document.getElementById("results") || el("section", { id: "results" });
    document.getElementById("grid").after(box);
    box.replaceChildren(el("h3", {}, "Table " + st.table + ", round " + st.round + ": pairs " + st.ns + " and " + st.ew));
    if (!list.length) box.append(el("p", { class: "muted" }, "No results in yet."));
    list.sort(function (a, b) { return a.board - b.board; }).forEach(function (r) {
      var p = r.played || {}, id = "c" + r.board;
      var input = function (what, value) { return el("input", { id: id + "-" + what, value: value == null ? "" : value, size: "6" }); };
      var contract = input("contract", p.contract), declarer = el("select", { id: id + "-declarer" }), tricks = input("tricks", p.tricks), lead = input("lead", p.lead);
      seats.forEach(function (s) { var o = el("option", { value: s }, seatName(s)); if (s === p.declarer) o.selected = true; declarer.append(o); });
      var reason = el("input", { id: id + "-reason", size: "30", required: "" });
      box.append(formOf("correct-" + r.board, "Board " + r.board + ": " + (p.contract ? p.contract + " by " + seatName(p.declarer) + ", " + p.tricks + " tricks" : "not played") +
        ", " + r.ns_score + " to North-South", [field("Contract", contract), field("Declarer", declarer), field("Tricks", tricks), field("Lead", lead), field("Reason", reason)],
        "Correct", function (f) {
          return api("POST", "/v1/" + r.name + ":correct", { reason: reason.value, result: { ns_pair: r.ns_pair, ew_pair: r.ew_pair,
            played: { contract: contract.value, declarer: declarer.value, tricks: Number(tricks.value), lead: lead.value } } }).then(function (c) {
            f.append(el("p", { class: "corrected", role: "status" }, "Corrected: revision " + c.result.revision + ", " + c.result.ns_score + " to North-South."));
          });
        }));
    });
  }

  // follow reads the server-sent events of path with the director's token
  // (EventSource cannot send one), calling onEvent for each, and comes back
  // after a dropped connection from the last event's id.
  function follow(path, onEvent) {
    var last = "";
    function open() {
      var headers = { Authorization: "Bearer " + sessionStorage.getItem(key), Accept: "text/event-stream" };
      if (last) headers["Last-Event-ID"] = last;
      fetch(path, { headers: headers }).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        var reader = r.body.getReader(), decoder = new TextDecoder(), buf = "";
        function read() {
          return reader.read().then(function (chunk) {
            if (chunk.done) throw new Error("ended");
            buf += decoder.decode(chunk.value, { stream: true });
            var at;
            while ((at = buf.indexOf("\n\n")) >= 0) {
              var block = buf.slice(0, at);
              buf = buf.slice(at + 2);
              var id = /^id: ?(.*)$/m.exec(block);
              if (id) last = id[1];
              if (/^data:/m.test(block)) onEvent(block);
            }
            return read();
          });
        }
        return read();
      }).catch(function () { setTimeout(open, 3000); });
    }
    open();
  }

  // boardsOf shows the session's board set "main": a form that deals it,
  // or imports it from a PBN file, when there is none, and makes every
  // section of the session that names no set yet play it (so that its
  // terminals and travellers show these deals); else the set with the
  // sections that play it, its files for the duplicating machine, the
  // release (after which the deals are public), and the hand records.
  function boardsOf(session, sections, id, into) {
    var set = session + "/boardsets/main";
    api("GET", "/v1/" + set).then(function (r) {
      var b = r.board_set, plays = el("span", { class: "plays" }), playing = [];
      sections.forEach(function (letter) {
        api("GET", "/v1/" + session + "/sections/" + letter).then(function (r) {
          if ((r.section.terminal_settings || {}).board_set !== set) return;
          playing.push(letter);
          playing.sort();
          plays.textContent = " Played in section" + (playing.length > 1 ? "s " : " ") + playing.join(", ") + ".";
        });
      });
      into.replaceChildren(el("p", {}, "Boards " + b.first_board + " to " + b.last_board + (b.method === "METHOD_IMPORTED" ? " (imported)" : "") +
        (b.released ? ", released" : ", secret until released") + ": ",
        download("/v1/" + set + "/files/" + id + ".dup", "duplimate file"), " · ", download("/v1/" + set + "/files/" + id + ".pbn", "PBN"), " · ",
        b.released ? download("/v1/" + set + "/files/" + id + ".pdf", "hand records (PDF)")
          : el("button", { type: "button", id: "release", on: { click: function () {
            api("POST", "/v1/" + set + ":release", {}).then(function () { boardsOf(session, sections, id, into); }, function (err) { into.append(el("p", { class: "error", role: "alert" }, err.message)); });
          } } }, "Release the boards"), plays));
    }, function () {
      var first = el("input", { id: "deal-first", type: "number", min: "1", value: "1" }), last = el("input", { id: "deal-last", type: "number", min: "1", value: "24" });
      var copies = el("input", { id: "deal-copies", type: "number", min: "1", value: "1" });
      var file = el("input", { id: "deal-file", type: "file", accept: ".pbn,text/plain" });
      into.replaceChildren(formOf("deal", "Deal the boards, or import them", [field("First board", first), field("Last board", last),
        field("Copies (one a section)", copies), field("Or import a PBN file", file)], "Deal or import", function () {
        var set = { first_board: Number(first.value), last_board: Number(last.value), copies: Number(copies.value) };
        var chosen = file.files && file.files[0];
        return (chosen ? chosen.text() : Promise.resolve(null)).then(function (text) {
          if (text === "") throw new Error(chosen.name + " is empty: choose the PBN file of the boards");
          if (text) set.method = "METHOD_IMPORTED";
          return api("POST", "/v1/" + session + "/boardsets", { board_set_id: "main", board_set: set, pbn: text || undefined });
        }).then(function () {
          return Promise.all(sections.map(function (letter) { return playsSet(session + "/sections/" + letter, session + "/boardsets/main", into); }));
        }).then(function () { boardsOf(session, sections, id, into); });
      }));
    });
  }

  // publicationOf says whether the public reads the session's results,
  // with a button that holds them (while they are checked, say) or
  // publishes them.
  function publicationOf(session, into) {
    var n = session.split("/")[3], ev = session.split("/").slice(0, 2).join("/");
    api("GET", "/v1/" + ev + "/standings?session=" + n + "&page_size=1").then(function (r) {
      var held = (r.publication || {}).held;
      into.replaceChildren(held ? "Results held from the public. " : "Results public as they come in. ",
        el("button", { type: "button", "data-publication": held ? "publish" : "hold", on: { click: function () {
          api("POST", "/v1/" + session + ":setPublication", { held: !held }).then(function () { publicationOf(session, into); },
            function (err) { into.append(el("span", { class: "error", role: "alert" }, " " + err.message)); });
        } } }, held ? "Publish the results" : "Hold the results"));
    }, function (err) { into.replaceChildren(el("span", { class: "error" }, "Results: " + err.message)); });
  }

  // playsSet makes section play set, unless it names another already (its
  // other terminal settings are kept, and the etag read guards against a
  // change made meanwhile), resolving to whether the section plays set.
  function playsSet(section, set, into) {
    return api("GET", "/v1/" + section).then(function (r) {
      var ts = r.section.terminal_settings || {};
      if (ts.board_set) return ts.board_set === set;
      return api("POST", "/v1/" + section + ":setTerminalSettings", { settings: Object.assign({}, ts, { board_set: set }), etag: r.section.etag })
        .then(function () { return true; });
    }).catch(function (err) {
      into.append(el("p", { class: "error", role: "alert" }, section + " plays no board set: " + err.message));
      return false;
    });
  }

  // download is a button that fetches path with the director's token and
  // saves the answer under the name the server gives it.
  function download(path, label) {
    return el("button", { type: "button", class: "download", on: { click: function (e) {
      var b = e.target;
      fetch(path, { headers: { Authorization: "Bearer " + sessionStorage.getItem(key) } }).then(function (r) {
        if (!r.ok) return r.json().catch(function () { return {}; }).then(function (j) { throw new Error(j.message || r.status); });
        var name = (/filename="?([^";]+)"?/.exec(r.headers.get("Content-Disposition") || "") || [])[1] || path.split("/").pop();
        return r.blob().then(function (blob) {
          var a = el("a", { href: URL.createObjectURL(blob), download: name });
          document.body.append(a);
          a.click();
          a.remove();
          b.removeAttribute("title");
          b.classList.remove("failed");
        });
      }).catch(function (err) { b.title = err.message; b.classList.add("failed"); });
    } } }, label);
  }

  // issueCodes issues a code for every table of the section, shown for the
  // director to read out or print, each with a button that revokes it.
  function issueCodes(section, into) {
    api("POST", "/v1/" + section + "/tabletokens:issue", {}).then(function (r) {
      var list = el("table", { class: "codes" }, el("caption", {}, "Table codes, good until " +
        new Date((r.tokens[0] || {}).expire_time).toLocaleTimeString()),
        el("tr", {}, el("th", { scope: "col" }, "Table"), el("th", { scope: "col" }, "Code"), el("th", { scope: "col" }, "")));
      (r.tokens || []).forEach(function (tok) {
        var table = tok.table.split("/").pop();
        var revoke = el("button", { type: "button", "data-revoke": tok.table }, "Revoke");
        var row = el("tr", { "data-table": table }, el("td", {}, table), el("td", { class: "code" }, tok.code), el("td", {}, revoke));
        revoke.addEventListener("click", function () {
          api("POST", "/v1/" + tok.table + "/token:revoke", {}).then(function () {
            row.querySelector(".code").textContent = "revoked";
            revoke.remove();
          }, function (err) { revoke.title = err.message; });
        });
        list.append(row);
      });
      into.replaceChildren(list);
    }, function (err) { into.replaceChildren(el("p", { class: "error", role: "alert" }, err.message)); });
  }

  // newSection creates a session's section of numbered pairs and sets the
  // movement the director picks from the recommendations for it.
  function newSection(ev) {
    var picks = el("div", { id: "recommendations" });
    var n = function (id, value) { return el("input", { id: id, type: "number", min: "1", value: value, required: "" }); };
    var f = formOf("new-section", "A session's section and its movement", [
      field("Session", n("sec-session", "1")),
      field("Section letter", el("input", { id: "sec-letter", value: "A", pattern: "[A-Za-z]{1,2}", required: "" })),
      field("Pairs (or teams)", n("sec-entrants", "6")),
      field("Boards", n("sec-boards", "24")),
      field("Minutes", n("sec-minutes", "180"))
    ], "Recommend movements", function (f) {
      var v = function (id) { return Number(f.querySelector("#" + id).value); };
      // An event scored as teams is offered team movements.
      return api("GET", "/v1/" + ev).then(function (r) {
        var teams = /^FORM_TEAMS/.test(((r.event || {}).scoring || {}).form || "");
        return api("POST", "/v1/movements:recommend", { entrants: v("sec-entrants"), boards: v("sec-boards"), minutes: v("sec-minutes"), teams: teams });
      }).then(function (r) {
        picks.replaceChildren(el("h3", {}, "Movements that fit, best first"));
        var list = el("ol", {});
        picks.append(list);
        (r.recommendations || []).forEach(function (rec, i) {
          // A Swiss of pairs has no movement to set; a Swiss of teams is
          // set with round 1 paired, and the session's view pairs the rest.
          if (!rec.choice) { list.append(el("li", {}, rec.name + " — " + rec.why)); return; }
          list.append(el("li", {}, el("button", { type: "button", "data-pick": i, on: { click: function () {
            return create(ev, v("sec-session"), f.querySelector("#sec-letter").value.toUpperCase(), v("sec-entrants"), rec.choice)
              .then(show, function (err) { picks.append(el("p", { class: "error", role: "alert" }, err.message)); });
          } } }, "Use"), " ", rec.name + " — " + rec.why));
        });
        if (!list.children.length) list.append(el("li", {}, "No movement fits; change the numbers."));
      });
    });
    return el("div", {}, f, picks);
  }

  function create(ev, session, letter, entrants, choice) {
    var sessionName = ev + "/sessions/" + session;
    var pairs = [];
    for (var i = 1; i <= entrants; i++) pairs.push({ number: i });
    return api("GET", "/v1/" + sessionName).catch(function () {
      return api("POST", "/v1/" + ev + "/sessions", { session_id: session, session: {} });
    }).then(function () {
      // A section made before, whose movement was refused, is kept: the
      // director picks another movement for it.
      return api("GET", "/v1/" + sessionName + "/sections/" + letter).catch(function () {
        return api("POST", "/v1/" + sessionName + "/sections", { section_id: letter, section: { entrants: pairs } });
      });
    }).then(function () {
      return api("POST", "/v1/" + sessionName + "/sections/" + letter + ":setMovement", { choice: choice });
    }).then(function () {
      // A section made after the session's boards plays them too.
      return api("GET", "/v1/" + sessionName + "/boardsets/main").then(function () {
        return playsSet(sessionName + "/sections/" + letter, sessionName + "/boardsets/main", document.body);
      }, function () {});
    });
  }

  function signedIn() {
    document.getElementById("signin").hidden = true;
    app.hidden = false;
    show();
  }

  window.addEventListener("popstate", show);
  // A link to another view of the console changes the view, not the page.
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[href^='/console']");
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(a.getAttribute("href"));
  });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    sessionStorage.setItem(key, form.token.value);
    api("GET", "/v1/events?page_size=1").then(signedIn, function (err) {
      sessionStorage.removeItem(key);
      errorLine.textContent = "Not signed in: " + err.message;
    });
  });
  if (sessionStorage.getItem(key)) api("GET", "/v1/events?page_size=1").then(signedIn, function () { sessionStorage.removeItem(key); });
})();
