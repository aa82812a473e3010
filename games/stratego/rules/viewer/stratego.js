// Stratego's drawing in the referee's HTML viewer (games/stratego/rules/src/show.rs
// writes the scenes). drawScene(scene, element, view) fills `element` with a
// table of the board: one <td> per square with data-square ("B3"),
// data-owner ("0", "1" or "" for an empty square or a lake) and data-rank
// (the piece code 1..12, "?" for a piece the view does not know, "" else).
const STRATEGO_NAMES = ["", "Marshal", "General", "Colonel", "Major", "Captain",
  "Lieutenant", "Sergeant", "Miner", "Scout", "Spy", "Flag", "Bomb"];

function strategoSymbol(code) {
  if (code === 10) return "S";
  if (code === 11) return "F";
  if (code === 12) return "B";
  return String(code);
}

function drawScene(scene, element, view) {
  const s = JSON.parse(scene);
  const table = document.createElement("table");
  table.className = "stratego";
  const head = table.insertRow();
  head.insertCell().className = "label";
  for (let c = 0; c < 10; c++) {
    const th = head.insertCell();
    th.className = "label";
    th.textContent = String(c);
  }
  for (let r = 0; r < 10; r++) {
    const row = table.insertRow();
    const label = row.insertCell();
    label.className = "label";
    label.textContent = "ABCDEFGHIJ"[r];
    for (let c = 0; c < 10; c++) {
      const square = "ABCDEFGHIJ"[r] + c;
      const ch = s.board[r * 10 + c];
      const td = row.insertCell();
      td.dataset.square = square;
      td.dataset.owner = "";
      td.dataset.rank = "";
      if (ch === "~") {
        td.className = "lake";
      } else if (ch !== ".") {
        const lower = ch.toLowerCase();
        const owner = ch === lower ? 0 : 1;
        td.dataset.owner = String(owner);
        td.classList.add("p" + owner);
        if (lower === "x") {
          td.dataset.rank = "?";
          td.textContent = "?";
          td.title = "player " + owner + ": unknown";
        } else {
          const code = lower.charCodeAt(0) - 96;
          td.dataset.rank = String(code);
          td.textContent = strategoSymbol(code);
          td.title = "player " + owner + ": " + STRATEGO_NAMES[code] + " (" + code + ")";
        }
      }
      if (square === s.from) td.classList.add("from");
      if (square === s.to) td.classList.add("to");
    }
  }
  element.replaceChildren(table);
}
