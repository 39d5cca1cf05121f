// The handouts the GM gave this player (or every player): a card's copy, a text or a
// picture, newest last, kept until the GM takes one back. Text only: a handout's words
// are set as textContent. A picture loads from this page's own link
// (/h/<token>/<handout id>), which GM Desk serves only to this character's token, so the
// page's policy (img-src 'self') is kept.

import { byId, clear, element, show, t } from "./dom.js";
import { cardArticle } from "./sections.js";

function pictureSource(token, handout) {
  return "/h/" + encodeURIComponent(token) + "/" + encodeURIComponent(String(handout.id));
}

function handoutArticle(token, handout) {
  const article = element("article", "handout");
  article.dataset.handout = String(handout.id);
  const head = element("header", "handout-head");
  head.appendChild(element("h3", "", handout.title));
  head.appendChild(element("span", "muted", handout.to_everyone ? t("to everyone") : t("to you")));
  article.appendChild(head);
  if (handout.kind === "card" && handout.card) {
    article.appendChild(cardArticle(handout.card));
  } else if (handout.kind === "image" && handout.image) {
    const picture = element("img", "handout-picture");
    picture.src = pictureSource(token, handout);
    picture.alt = handout.text || handout.title;
    picture.decoding = "async";
    article.appendChild(picture);
    if (handout.text) {
      article.appendChild(element("p", "handout-caption", handout.text));
    }
  } else {
    article.appendChild(element("p", "handout-text", handout.text));
  }
  return article;
}

// Draws the handouts of `view`; a handout already on the page is kept as it is (its
// picture is not loaded again), a new one added in its place, a taken one removed.
export function renderHandouts(token, handouts) {
  const list = byId("handouts-list");
  const given = Array.isArray(handouts) ? handouts : [];
  show(byId("handouts"), given.length > 0);
  const kept = new Map();
  Array.from(list.children).forEach(function (node) {
    kept.set(node.dataset.handout, node);
  });
  const wanted = given.map(function (handout) {
    return kept.get(String(handout.id)) || handoutArticle(token, handout);
  });
  clear(list);
  wanted.forEach(function (node) {
    list.appendChild(node);
  });
  byId("handouts-title").textContent = given.length === 1 ? t("Handout") : t("Handouts");
}
