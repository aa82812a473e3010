// The viewer's controls (referee/src/replay/html.rs writes the page): the
// game's positions are in #game-data; each view's board is drawn by the
// game's drawScene(scene, element, view) when it has one, else as text.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var frames = data.frames;
  var last = frames.length - 1;
  var views = document.getElementById("views");
  var slider = document.getElementById("slider");
  var play = document.getElementById("play");
  var speed = document.getElementById("speed");
  var panels = data.views.map(function (v) {
    var section = document.createElement("section");
    section.className = "view";
    section.dataset.view = v.key;
    var h = document.createElement("h2");
    h.textContent = v.label;
    var board = document.createElement("div");
    board.className = "board";
    section.appendChild(h);
    section.appendChild(board);
    views.appendChild(section);
    return { key: v.key, index: v.index, board: board };
  });
  document.getElementById("judgement").textContent = data.judgement;
  slider.max = String(Math.max(last, 0));
  var current = 0;
  var timer = null;

  function draw(panel, scene) {
    if (scene === null || scene === undefined) {
      panel.board.replaceChildren();
    } else if (typeof drawScene === "function") {
      drawScene(scene, panel.board, panel.key);
    } else {
      var pre = document.createElement("pre");
      pre.textContent = scene;
      panel.board.replaceChildren(pre);
    }
  }

  function show(i) {
    if (last < 0) return;
    current = Math.max(0, Math.min(last, i));
    var frame = frames[current];
    panels.forEach(function (p) { draw(p, frame.scenes[p.index]); });
    document.getElementById("title").textContent = frame.title;
    document.getElementById("ply").textContent = current + " / " + last;
    document.body.dataset.frame = String(current);
    slider.value = String(current);
    document.body.classList.toggle("at-end", current === last);
  }

  function stop() {
    if (timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    play.textContent = "play";
  }

  function start() {
    if (current === last) show(0);
    play.textContent = "pause";
    timer = setInterval(function () {
      if (current >= last) {
        stop();
      } else {
        show(current + 1);
      }
    }, Number(speed.value));
  }

  function toggle() {
    if (timer === null) {
      start();
    } else {
      stop();
    }
  }

  document.getElementById("first").addEventListener("click", function () { stop(); show(0); });
  document.getElementById("prev").addEventListener("click", function () { stop(); show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { stop(); show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { stop(); show(last); });
  play.addEventListener("click", toggle);
  speed.addEventListener("change", function () {
    if (timer !== null) { stop(); start(); }
  });
  slider.addEventListener("input", function () { stop(); show(Number(slider.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    var keys = {
      ArrowLeft: function () { stop(); show(current - 1); },
      ArrowRight: function () { stop(); show(current + 1); },
      Home: function () { stop(); show(0); },
      End: function () { stop(); show(last); },
      " ": toggle
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  // game.html#12 opens at position 12, game.html#end at the end.
  var hash = window.location.hash.slice(1);
  show(hash === "end" ? last : Number(hash) || 0);
})();
