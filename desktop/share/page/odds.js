// The exact odds of the tray picked on this page, in the Dice Table's own words (GM Desk
// words them with the function the GM's odds box uses). The page asks
// {"type":"odds","id","sizes":[sizes the dice roll as],"table":n,"target":t} and GM Desk
// answers {"type":"odds","id","rows":[[row, words], ...]} (no rows and a "message" when
// it could not). Asking writes nothing, so it has its own path beside requests.js: it
// never waits on a roll or holds one up. Only the latest query counts: an answer to an
// older one is kept for later but not shown. Queries are spaced (one per SPACING_MS at
// most) and answers remembered, so tapping dice in and out stays far below GM Desk's
// limit on messages (30 in 10 s, then the connection is closed).

import { byId, clear, element, requestId, show, t } from "./dom.js";

const SPACING_MS = 500;
const REMEMBERED = 64; // answers kept on the page
const SENT_KEPT = 8; // queries still in flight whose answers are worth keeping
const REACH_MAX = 999; // the Dice Table's own bound on the total to reach
// Before the first answer (GM Desk's answers name their rows in English: translated here).
const ROWS = [t("Chance"), t("Expected total"), t("Depletes"), t("Tuple")];
const WAITING = "…";

function keyOf(sizes, table, target) {
  const sorted = sizes.slice().sort((a, b) => a - b);
  return sorted.join(",") + "|" + table + "|" + target;
}

export class TrayOdds {
  constructor(send) {
    this.send = send; // hands a message to the socket, or drops it while there is none
    this.answers = new Map(); // key -> rows, the oldest first
    this.sent = new Map(); // id -> key of the queries sent and not yet answered
    this.latest = null; // the query for the tray on screen: {message, key, sent}
    this.lastSent = 0;
    this.timer = null;
    this.tray = { sizes: [], table: 0 };
    byId("odds-target").addEventListener("input", () => this.update(this.tray.sizes, this.tray.table));
  }

  target() {
    const typed = byId("odds-target").value.trim();
    const total = Number(typed);
    return /^[0-9]+$/.test(typed) && total >= 1 && total <= REACH_MAX ? total : null;
  }

  // The tray the roller shows now: the sizes its dice roll as (after steps) and how many
  // depleted dice of the character's lie on the table (each adds 1 to a total).
  update(sizes, table) {
    this.tray = { sizes: sizes.slice(), table: table };
    show(byId("odds"), sizes.length > 0);
    if (!sizes.length) {
      this.latest = null;
      return;
    }
    const target = this.target();
    if (target === null) {
      this.latest = null;
      this.showRows([], t("Type a total from 1 to {most} to see the chance to reach it.", {
        most: REACH_MAX,
      }));
      return;
    }
    const key = keyOf(sizes, table, target);
    if (this.latest && this.latest.key === key) {
      return; // asked already; its answer is on its way
    }
    const known = this.answers.get(key);
    if (known) {
      this.latest = null;
      this.showRows(known, "");
      return;
    }
    this.latest = {
      key: key,
      sent: false,
      message: { type: "odds", id: requestId(), sizes: sizes.slice(), table: table, target: target },
    };
    this.showWaiting();
    this.schedule();
  }

  schedule() {
    if (this.timer !== null) {
      return;
    }
    const wait = Math.max(0, this.lastSent + SPACING_MS - Date.now());
    this.timer = window.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, wait);
  }

  flush() {
    const query = this.latest;
    if (query === null || query.sent) {
      return;
    }
    query.sent = true;
    this.lastSent = Date.now();
    this.sent.set(query.message.id, query.key);
    while (this.sent.size > SENT_KEPT) {
      this.sent.delete(this.sent.keys().next().value);
    }
    this.send(query.message);
  }

  // After a reconnect: the query still unanswered goes again (asking twice writes nothing).
  resend() {
    if (this.latest !== null && this.latest.sent) {
      this.send(this.latest.message);
    }
  }

  answered(message) {
    const key = this.sent.get(message.id);
    if (key === undefined) {
      return; // not asked by this page, or answered already
    }
    this.sent.delete(message.id);
    const rows = Array.isArray(message.rows) ? message.rows : [];
    if (rows.length) {
      this.answers.set(key, rows);
      while (this.answers.size > REMEMBERED) {
        this.answers.delete(this.answers.keys().next().value);
      }
    }
    if (this.latest === null || this.latest.message.id !== message.id) {
      return; // the tray changed since: a newer query is on its way
    }
    this.latest = null;
    this.showRows(rows, rows.length ? "" : message.message ? t(String(message.message)) : t("No odds for this tray."));
  }

  showWaiting() {
    const box = byId("odds-rows");
    box.classList.add("waiting");
    if (!box.firstChild) {
      this.fill(ROWS.map((row) => [row, WAITING]));
    }
  }

  showRows(rows, problem) {
    const box = byId("odds-rows");
    box.classList.remove("waiting");
    this.fill(rows);
    const said = byId("odds-said");
    said.textContent = problem;
    show(said, Boolean(problem));
  }

  fill(rows) {
    const box = byId("odds-rows");
    clear(box);
    rows.forEach((row) => {
      const line = element("div", "odds-row"); // a row of the list: its name, its words
      line.appendChild(element("dt", "", t(String(row[0]))));
      line.appendChild(element("dd", "", String(row[1])));
      box.appendChild(line);
    });
  }
}
