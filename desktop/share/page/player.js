// The player's page: one WebSocket to GM Desk, the whole view in each message, drawn
// with plain DOM (text only: nothing the campaign holds is ever read as HTML). The parts
// live in their own modules (dom, sections, requests, roller, all_ones, turns, gift,
// odds, drag, handouts); this one holds the connection and hands each view to every part.
//
// Protocol (desktop/share): send {"type":"hello","version":<last version or null>} on
// every connect; receive {"type":"view","version":n,"view":{...}}, {"type":"error",
// "message":s} (shown, the connection stays) and {"type":"bye","message":s} (this link
// was renewed or sharing stopped: shown, no reconnecting). A version gap sends
// {"type":"resync"}. A player the GM lets act sends requests ({"type":"roll"|"choose"|
// "declare"|"give","id",...}, see requests.js) and gets {"type":"done"|"refused","id",...}; the
// tray's odds are asked apart ({"type":"odds",...} -> {"type":"odds","id","rows"}, odds.js). A
// lost connection retries with a growing pause and says so.

import { byId, show, t } from "./dom.js";
import { AllOnesChoice } from "./all_ones.js";
import { Gift } from "./gift.js";
import { TrayOdds } from "./odds.js";
import { renderHandouts } from "./handouts.js";
import { Requests } from "./requests.js";
import { Roller } from "./roller.js";
import { Turn } from "./turns.js";
import {
  renderCards,
  renderCharacter,
  renderClocks,
  renderDice,
  renderEnergy,
  renderFactions,
  renderRoll,
  renderScene,
} from "./sections.js";

const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 15000;
const RECONNECTING = t("Reconnecting…");

let socket = null;
let version = null; // the version of the view on screen
let pause = FIRST_PAUSE_MS;
let retry = null;
let finished = false; // a "bye": this page stays as it is
// The first view on a connection is taken whatever its version (GM Desk may have
// restarted and counted again); the answer to a resync may repeat the version on
// screen; any other view must be newer than it.
let anyVersion = true;
let resyncing = false;

function setBanner(text) {
  const banner = byId("banner");
  banner.textContent = text || "";
  show(banner, Boolean(text));
}

function setNotice(text) {
  const notice = byId("notice");
  notice.textContent = text || "";
  show(notice, Boolean(text));
}

function token() {
  const parts = window.location.pathname.split("/").filter(Boolean);
  return parts.length ? parts[parts.length - 1] : "";
}

const requests = new Requests(send);
// The tray's odds go by their own path: asking them never waits on a roll, nor a roll on them.
const odds = new TrayOdds(send);
const roller = new Roller(requests, odds);
const allOnes = new AllOnesChoice(requests, roller);
const turn = new Turn(requests, roller);
const gift = new Gift(requests);
// Who answers for each kind of request, and every part that draws from the view.
const answering = { roll: roller, choose: allOnes, declare: turn, give: gift };
// The parts a player acts in, drawn again (in this order) after every view and answer.
const acting = [allOnes, turn, roller, gift];
let shownView = null;

function render(view) {
  shownView = view;
  renderCharacter(view);
  renderRoll(view.last_roll);
  renderDice(view);
  acting.forEach((part) => part.render(view));
  renderScene(view.scene);
  renderEnergy(view.energy);
  renderCards(view.cards);
  renderClocks(view.clocks);
  renderFactions(view);
  renderHandouts(token(), view.handouts);
}

function answered(message) {
  const asked = requests.answered(message);
  if (asked === null) {
    return; // an answer to a request this page no longer waits for
  }
  const part = answering[asked.type];
  if (part) {
    part.answered(asked, message);
  }
  if (shownView) {
    acting.forEach((part) => part.render(shownView));
  }
}

// -- the connection ---------------------------------------------------------------

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
  }
}

function resync() {
  resyncing = true;
  send({ type: "resync" });
}

function received(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (error) {
    return; // not ours: nothing to show
  }
  if (!message || typeof message !== "object") {
    return;
  }
  if (message.type === "view" && typeof message.version === "number" && message.view) {
    const first = version === null || anyVersion;
    const older = resyncing ? message.version < version : message.version <= version;
    if (!first && older) {
      return; // older than what is on screen
    }
    const gap = !first && !resyncing && message.version > version + 1;
    anyVersion = false;
    resyncing = false;
    version = message.version;
    setNotice("");
    try {
      render(message.view);
    } catch (error) {
      setNotice(t("This page could not show the latest change; it will ask again."));
      resync();
      return;
    }
    if (gap) {
      resync(); // a change went missing: ask for the whole view again
    }
  } else if (message.type === "done" || message.type === "refused") {
    answered(message);
  } else if (message.type === "odds") {
    odds.answered(message);
  } else if (message.type === "error") {
    setNotice(message.message ? t(String(message.message)) : t("GM Desk refused a message."));
  } else if (message.type === "bye") {
    finished = true;
    setBanner("");
    if (version === null) {
      byId("name").textContent = t("Not connected"); // cut off before any view came
    }
    setNotice(message.message ? t(String(message.message)) : t("This link no longer works."));
    byId("page").classList.add("ended");
    if (socket) {
      socket.close();
    }
  }
}

function scheduleReconnect() {
  if (finished || retry !== null) {
    return;
  }
  setBanner(RECONNECTING);
  const wait = pause + Math.floor(Math.random() * pause * 0.3);
  pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  retry = window.setTimeout(function () {
    retry = null;
    connect();
  }, wait);
}

function connect() {
  if (finished) {
    return;
  }
  const key = token();
  if (!key) {
    setNotice(t("This address has no player's link in it. Open the link your GM gave you."));
    return;
  }
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  let opened;
  try {
    opened = new WebSocket(scheme + window.location.host + "/ws/" + encodeURIComponent(key));
  } catch (error) {
    scheduleReconnect();
    return;
  }
  socket = opened;
  anyVersion = true;
  resyncing = false;
  opened.onopen = function () {
    pause = FIRST_PAUSE_MS;
    setBanner("");
    opened.send(JSON.stringify({ type: "hello", version: version }));
    requests.resend();
    odds.resend();
  };
  opened.onmessage = function (event) {
    if (opened === socket) {
      received(event);
    }
  };
  opened.onclose = function () {
    if (opened === socket) {
      socket = null;
      scheduleReconnect();
    }
  };
}

// A phone waking up or back on the network: try at once rather than after the pause.
function retryNow() {
  if (finished || socket !== null) {
    return;
  }
  if (retry !== null) {
    window.clearTimeout(retry);
    retry = null;
  }
  pause = FIRST_PAUSE_MS;
  connect();
}

window.addEventListener("online", retryNow);
document.addEventListener("visibilitychange", function () {
  if (document.visibilityState === "visible") {
    retryNow();
  }
});
connect();
