// The replayer's table: a finished hand's step drawn as the table showed it, seats round a
// small felt with their cards, stacks, bets and equities, the board and the pot in the middle.
import { cardEl, cardList, chips, el } from "./dom.js";
import { avatarEl } from "./feel.js";

/** Where seat ``index`` of ``count`` sits on the felt, in percent of its box (the first at the bottom). */
function spot(index, count) {
  const angle = (2 * Math.PI * index) / count;
  return { left: 50 - 40 * Math.sin(angle), top: 50 + 38 * Math.cos(angle) };
}

function seatEl(player, index, count) {
  const { left, top } = spot(index, count);
  const equity = player.equity == null ? null : `${(player.equity * 100).toFixed(1)}%`;
  return el(
    "div",
    {
      class: `replay-seat${player.folded ? " folded" : ""}`,
      style: `left:${left.toFixed(2)}%;top:${top.toFixed(2)}%`,
      "data-testid": "replay-seat",
    },
    el("div", { class: "replay-name" }, avatarEl(player.name), player.name),
    el("div", { class: "replay-cards" }, cardList(player.cards).map(cardEl)),
    el("div", { class: "replay-stack", "data-testid": "replay-stack" }, chips(player.stack)),
    player.bet ? el("div", { class: "replay-bet", "data-testid": "replay-bet" }, `bet ${chips(player.bet)}`) : null,
    equity ? el("div", { class: "replay-equity", "data-testid": "replay-equity" }, equity, el("div", { class: "equity-bar" }, el("div", { style: `width:${player.equity * 100}%` }))) : null,
    player.folded ? el("div", { class: "replay-folded" }, "folded") : null,
  );
}

/** The felt of one step of the replayer. */
export function replayFelt(step) {
  const count = step.players.length;
  return el(
    "div",
    { class: "replay-felt", "data-testid": "replay-felt" },
    el(
      "div",
      { class: "replay-middle" },
      el("div", { class: "replay-board", "data-testid": "replay-board" }, cardList(step.board).map(cardEl)),
      el("div", { class: "replay-pot", "data-testid": "replay-pot" }, `Pot ${chips(step.pot)}`),
    ),
    step.players.map((player, index) => seatEl(player, index, count)),
  );
}
