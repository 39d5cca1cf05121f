// The one request this page waits on (a roll, a choice, ...): sent with an id, sent again
// with the same id after a reconnect (GM Desk applies an id at most once), forgotten when
// GM Desk answers {"type":"done"|"refused","id",...}. One at a time: a page asks, waits,
// then asks again.

import { requestId, t } from "./dom.js";

export class Requests {
  constructor(send) {
    this.send = send; // hands a message to the socket, or drops it while there is none
    this.pending = null;
  }

  busy() {
    return this.pending !== null;
  }

  waiting(type) {
    return this.pending !== null && this.pending.type === type;
  }

  // Sends `message` (its type and fields) under a fresh id; false while one waits.
  ask(message) {
    if (this.pending !== null) {
      return false;
    }
    this.pending = Object.assign({ id: requestId() }, message);
    this.send(this.pending);
    return true;
  }

  // The request an answer closes, or null for an answer this page no longer waits for.
  answered(message) {
    if (this.pending === null || message.id !== this.pending.id) {
      return null;
    }
    const asked = this.pending;
    this.pending = null;
    return asked;
  }

  resend() {
    if (this.pending !== null) {
      this.send(this.pending);
    }
  }
}

export function refusalOf(message) {
  return message.message ? t(String(message.message)) : t("GM Desk refused that.");
}
