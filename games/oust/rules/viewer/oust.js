// Oust's drawing in the referee's HTML viewer (games/oust/rules/src/show.rs
// writes the scenes; the kit's helpers are referee/src/replay/kit.js).
// drawScene(scene, element, view) draws the board as lines whose crossings
// are the points, each point a <g data-col data-row> with data-stone
// ("black", "white" or ""), data-last ("1" on the last move's point) and
// data-captured ("1" where the last move removed a stone); then who is to
// move, the stones of each colour, the last move and the end.
const OUST_UNIT = 36;
const OUST_MARGIN = 36;

function oustPoint(col, row) {
  return [OUST_MARGIN + col * OUST_UNIT, OUST_MARGIN + row * OUST_UNIT];
}

function oustColourName(colour, seat) {
  return colour + " (player " + seat + ")";
}

function drawScene(scene, element, view) {
  const s = JSON.parse(scene);
  const width = 2 * OUST_MARGIN + (s.cols - 1) * OUST_UNIT;
  const height = 2 * OUST_MARGIN + (s.rows - 1) * OUST_UNIT;
  const svg = kitDrawing(width, height, 1, 720, "oust-board");
  const last = s.last;
  const at = function (p) { return p[0] + " " + p[1]; };
  const captured = new Set(last ? last.captured.map(at) : []);
  const placed = last && last.point ? at(last.point) : null;

  const lines = kitSvg("g", { class: "oust-lines" }, svg);
  for (let c = 0; c < s.cols; c++) {
    const [x, top] = oustPoint(c, 0);
    kitSvg("line", { x1: x, y1: top, x2: x, y2: oustPoint(c, s.rows - 1)[1] }, lines);
    kitLabel(svg, x, 11, String(c), { class: "oust-coord" });
  }
  for (let r = 0; r < s.rows; r++) {
    const [left, y] = oustPoint(0, r);
    kitSvg("line", { x1: left, y1: y, x2: oustPoint(s.cols - 1, r)[0], y2: y }, lines);
    kitLabel(svg, 11, y, String(r), { class: "oust-coord" });
  }
  for (let r = 0; r < s.rows; r++) {
    for (let c = 0; c < s.cols; c++) {
      const [x, y] = oustPoint(c, r);
      const cell = s.cells[r * s.cols + c];
      const stone = cell === "1" ? "black" : cell === "2" ? "white" : "";
      const key = c + " " + r;
      const g = kitSvg("g", { class: "oust-point" }, svg);
      kitSet(g, {}, { col: c, row: r, stone: stone, last: key === placed ? "1" : "",
        captured: captured.has(key) ? "1" : "" });
      let words = c + " " + r;
      if (stone) {
        kitSvg("circle", { cx: x, cy: y, r: OUST_UNIT * 0.42, class: "oust-stone " + stone }, g);
        words += ": " + stone;
      } else {
        kitSvg("circle", { cx: x, cy: y, r: 2.5, class: "oust-dot" }, g);
      }
      if (captured.has(key)) {
        // The stone taken, as a dashed ghost of its colour with a cross.
        const taken = last.colour === "black" ? "white" : "black";
        kitSvg("circle", { cx: x, cy: y, r: OUST_UNIT * 0.38, class: "oust-ghost " + taken }, g);
        const d = OUST_UNIT * 0.2;
        kitSvg("path", { d: "M" + (x - d) + " " + (y - d) + "L" + (x + d) + " " + (y + d) +
          "M" + (x + d) + " " + (y - d) + "L" + (x - d) + " " + (y + d), class: "oust-cross" }, g);
        words += ": a " + taken + " stone captured by the last move";
      }
      if (key === placed) {
        kitSvg("circle", { cx: x, cy: y, r: OUST_UNIT * 0.14, class: "oust-last" }, g);
        words += " (the last move)";
      }
      kitTitle(g, words);
    }
  }

  const { side } = kitLayout(element, "oust", svg);
  const seat = { black: 0, white: 1 };
  kitLegend(side, ["black", "white"].map(function (c, i) {
    return {
      swatch: kitSwatch(c === "black" ? "#111" : "#fff", "#111"),
      text: oustColourName(c, seat[c]) + ": " + s.stones[i] + " stone" + (s.stones[i] === 1 ? "" : "s"),
      data: { colour: c, stones: s.stones[i] },
    };
  }));
  if (last) {
    let words = last.colour + " ";
    if (last.point === null) {
      words += "passed";
    } else {
      words += "played " + at(last.point);
      const n = last.captured.length;
      if (n > 0) words += " and captured " + n + " stone" + (n === 1 ? "" : "s") + " (crossed out)";
    }
    kitElement("p", "oust-last-move", "Last move: " + words + ".", side);
  }
  if (s.end) {
    kitElement("p", "kit-end", kitEndWords(s.end, s.end.winner && oustColourName(s.end.winner, seat[s.end.winner])), side);
  } else {
    const again = last && last.colour === s.to_move && last.captured.length > 0;
    kitElement("p", "kit-to-move", oustColourName(s.to_move, seat[s.to_move]) +
      (again ? " plays again (it captured)." : " to move."), side);
  }
}
