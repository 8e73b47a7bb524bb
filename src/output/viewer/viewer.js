// bpgn's match viewer: draws the moments the program wrote (the page's JSON data) and steps or
// plays through them. It does no chess: positions, holdings, clocks and marks are all in the data.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('bpgn-data').textContent);
  const $ = (id) => document.getElementById(id);
  const templates = $('templates');
  const clone = (name) => templates.querySelector('[data-template="' + name + '"]').cloneNode(false);
  const PIECE_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
  const HAND_ORDER = ['q', 'r', 'b', 'n', 'p'];
  const colors = data.colors;

  const state = { game: 0, step: 0, playing: false, speed: 1, time: 0, real: 0, log: [], instant: null };
  let G = null;          // the current game
  let playTimes = [];    // per moment: the match time at which play shows it
  let stepOfPly = [];    // ply index -> moment index

  // Seconds as a clock shows them (as the program writes them: 2:31, 2:31.4, 1:02:03, -0:00.6).
  function clockText(seconds) {
    const negative = seconds < 0;
    const tenths = Math.floor(Math.abs(seconds) * 10 + 1e-6);
    const whole = Math.floor(tenths / 10), tenth = tenths % 10;
    const h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, s = whole % 60;
    const two = (n) => (n < 10 ? '0' : '') + n;
    let out = negative && tenths > 0 ? '-' : '';
    out += h > 0 ? h + ':' + two(m) + ':' + two(s) : m + ':' + two(s);
    if (tenth !== 0) out += '.' + tenth;
    return out;
  }

  // The FEN's placement field as square name -> piece letter.
  function placement(fen) {
    const squares = {};
    const rows = fen.split(' ')[0].replace(/\[.*\]/, '').split('/');
    for (let r = 0; r < 8 && r < rows.length; r++) {
      let file = 0;
      for (const ch of rows[r]) {
        if (ch >= '1' && ch <= '8') file += Number(ch);
        else if (ch !== '~') {
          if (file < 8) squares[String.fromCharCode(97 + file) + (8 - r)] = ch;
          file++;
        }
      }
    }
    return squares;
  }

  function boardIds() { return G.boards === 1 ? ['A'] : ['A', 'B']; }

  function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
  function setAttr(el, name, value) { if (el.getAttribute(name) !== value) el.setAttribute(name, value); }

  function drawBoard(b, m) {
    const id = boardIds()[b];
    const svg = $('board-' + id);
    const pieces = placement(m.fen[b]);
    const marks = {};
    const last = m.last[b];
    if (last) for (const s of last) if (s) marks[s] = 'last';
    const mark = m.mark && m.mark.board === b ? m.mark : null;
    const offending = mark && (m.violations.length > 0 || !m.played);
    if (offending) for (const s of [mark.from, mark.to]) if (s) marks[s] = 'bad';
    // Only what changed is touched: each <use> is a copy of its piece's drawing to lay out again.
    const layer = svg.querySelector('g.pieces');
    for (const rect of svg.querySelectorAll('rect[data-square]')) {
      const sq = rect.getAttribute('data-square');
      const dark = (sq.charCodeAt(0) - 97 + Number(sq[1]) - 1) % 2 === 0;
      const set = marks[sq] === 'bad' ? colors.offending : marks[sq] === 'last' ? colors.last : colors.plain;
      setAttr(rect, 'fill', dark ? set[1] : set[0]);
      const p = pieces[sq];
      let label = sq + ', ' + (p ? (p === p.toUpperCase() ? 'white ' : 'black ') + PIECE_NAMES[p.toLowerCase()] : 'empty');
      if (marks[sq] === 'bad') label += mark && !m.played ? ', where the move not played aims' : ', the move in question';
      else if (marks[sq] === 'last') label += ', last move';
      setAttr(rect, 'aria-label', label);
      if ((rect.getAttribute('data-piece') || '') === (p || '')) continue;
      rect.setAttribute('data-piece', p || '');
      const old = layer.querySelector('use[data-on="' + sq + '"]');
      if (old) old.remove();
      if (p) {
        const use = clone('piece');
        use.setAttribute('href', '#piece-' + (p === p.toUpperCase() ? 'w' : 'b') + p.toLowerCase());
        use.setAttribute('x', rect.getAttribute('x'));
        use.setAttribute('y', rect.getAttribute('y'));
        use.setAttribute('data-on', sq);
        layer.appendChild(use);
      }
    }
    const aimed = svg.querySelector('rect.aimed');
    if (mark && !m.played && mark.to) {
      const r = svg.querySelector('rect[data-square="' + mark.to + '"]');
      aimed.setAttribute('x', r.getAttribute('x'));
      aimed.setAttribute('y', r.getAttribute('y'));
      aimed.removeAttribute('visibility');
    } else {
      aimed.setAttribute('visibility', 'hidden');
    }
    setAttr(svg, 'aria-label', 'Board ' + id + ', ' + m.caption);
  }

  function drawHand(el, counts, white, words) {
    if (el.getAttribute('data-hand') === counts.join(',') && el.getAttribute('title') === words) return;
    const svg = el.querySelector('svg');
    svg.replaceChildren();
    let slots = 0;
    counts.forEach((n, k) => {
      if (n === 0) return;
      const use = clone('piece');
      use.setAttribute('href', '#piece-' + (white ? 'w' : 'b') + HAND_ORDER[k]);
      use.setAttribute('x', slots * 60);
      use.setAttribute('y', 0);
      svg.appendChild(use);
      if (n > 1) {
        const t = clone('count');
        t.setAttribute('x', slots * 60 + 42);
        t.textContent = '×' + n;
        svg.appendChild(t);
      }
      slots++;
    });
    const units = Math.max(slots, 1) * 60;
    svg.setAttribute('viewBox', '0 0 ' + units + ' 45');
    svg.setAttribute('width', String(units * 26 / 45));
    el.setAttribute('data-hand', counts.join(','));
    el.setAttribute('title', words);
    svg.setAttribute('aria-label', 'in hand: ' + words);
  }

  // The match time whose clocks are shown: the moment's own, or, while playing and once paused
  // (or after a click on the chart), the instant reached.
  function shownTime(m) { return state.instant !== null ? state.instant : m.time; }

  // Seat s's time left at match time t, from moment m (t no earlier than m.time): the rule of the
  // program's MatchClocks (src/replay/clock_at.h), which wrote the moment's data -- a flag that fell
  // stops its clock at 0:00; the running clock, charged since its board's last move, has
  // runs_out - t left, never below 0:00; every other clock stands.
  function clockAt(m, s, t) {
    if (m.remaining[s] === null) return null;
    if (m.fell[s] !== null) return 0;
    if (t === null || m.time === null || t <= m.time || m.runs_out[s] === null) return m.remaining[s];
    return Math.max(0, m.runs_out[s] - t);
  }

  function seatClock(m, s) {
    const t = shownTime(m);
    if (t === m.time) return m.clocks[s] === null ? '' : m.clocks[s];
    const left = clockAt(m, s, t);
    return left === null ? '' : clockText(left);
  }

  function drawSeats(m) {
    for (let s = 0; s < 2 * G.boards; s++) {
      const seat = document.querySelector('.seat[data-seat-index="' + s + '"]');
      setText(seat.querySelector('.clock'), seatClock(m, s));
      const running = m.running[s];
      seat.classList.toggle('to-move', running);
      setText(seat.querySelector('.turn'), running ? '▶ to move' : '');
      // A flag that fell by the moment (one that falls while playing on is a moment of its own).
      const fell = m.fell[s];
      seat.classList.toggle('fallen', fell !== null);
      setText(seat.querySelector('.fell'), fell !== null ? '⚑ fell ' + clockText(fell) : '');
      if (fell !== null) setText(seat.querySelector('.turn'), '');
    }
  }

  function drawViolations(m) {
    const box = $('violations');
    box.replaceChildren();
    for (const k of m.violations) {
      const v = G.violations[k];
      const p = document.createElement('p');
      p.className = 'diag ' + v.severity;
      p.setAttribute('data-code', v.code);
      p.setAttribute('data-violation', String(k));
      p.textContent = v.line;
      box.appendChild(p);
      if (v.quote !== undefined) {
        const q = document.createElement('blockquote');
        q.className = 'rule';
        const text = document.createElement('p');
        text.textContent = v.quote;
        const foot = document.createElement('footer');
        foot.textContent = 'The rule, from docs/rules.md, ' + v.section;
        q.append(text, foot);
        box.appendChild(q);
      } else {
        const meaning = document.createElement('p');
        meaning.className = 'meaning';
        meaning.textContent = v.meaning;
        box.appendChild(meaning);
      }
    }
  }

  function drawCursor(m) {
    const chart = $('chart-' + state.game);
    if (!chart) return;
    const svg = chart.querySelector('svg');
    const cursor = svg.querySelector('line.cursor');
    const t = m.time !== null ? m.time : null;
    if (t === null) { cursor.setAttribute('visibility', 'hidden'); return; }
    const left = Number(svg.dataset.plotLeft), width = Number(svg.dataset.plotWidth), end = Number(svg.dataset.end);
    const x = left + Math.min(Math.max(shownTime(m), 0), end) / end * width;
    cursor.setAttribute('x1', x.toFixed(1));
    cursor.setAttribute('x2', x.toFixed(1));
    cursor.removeAttribute('visibility');
  }

  function render() {
    if (!G.moments.length) return;
    const m = G.moments[state.step];
    for (let b = 0; b < G.boards; b++) {
      drawBoard(b, m);
      const id = boardIds()[b];
      for (const [c, white] of [[0, true], [1, false]]) {
        drawHand($('hand-' + id + '-' + (white ? 'w' : 'b')), m.hands[b][c], white, m.hand_words[b][c]);
      }
    }
    drawSeats(m);
    const caption = $('caption');
    const t = shownTime(m);
    setText(caption, t === m.time ? m.caption : m.caption + ' · ' + (state.playing ? 'playing' : 'paused') +
      ' at match time ' + clockText(t));
    caption.classList.toggle('unplayed', !m.played);
    drawViolations(m);
    const slider = $('slider');
    if (Number(slider.value) !== state.step) slider.value = String(state.step);
    slider.setAttribute('aria-valuetext', m.caption);
    for (const row of document.querySelectorAll('#moves tr.current')) row.classList.remove('current');
    for (const b of document.querySelectorAll('#moves button[aria-current]')) b.removeAttribute('aria-current');
    const row = typeof m.at === 'number' ? $('move-' + m.at) : $('moment-' + state.step);
    if (row) {
      row.classList.add('current');
      row.querySelector('button').setAttribute('aria-current', 'step');
      const box = row.closest('.moves-box');
      if (box.scrollTop > row.offsetTop || row.offsetTop + row.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = row.offsetTop - box.clientHeight / 2;
      }
    }
    drawCursor(m);
    drawMomentWords(m);
    document.body.setAttribute('data-step', String(state.step));
  }

  function go(step, instant) {
    if (!G.moments.length) return;
    state.step = Math.max(0, Math.min(G.moments.length - 1, step));
    const m = G.moments[state.step];
    state.instant = instant !== undefined && m.time !== null && instant > m.time ? instant : null;
    render();
    if (!state.playing) writeFragment();
  }

  function pause() {
    if (!state.playing) return;
    state.playing = false;
    state.instant = state.time;  // the clocks stay where they were
    $('play').textContent = 'Play';
    $('play').setAttribute('aria-pressed', 'false');
    render();
    writeFragment();
  }

  function tick(now) {
    if (!state.playing) return;
    const before = state.first ? null : state.time;  // the match time of the frame before
    state.first = false;
    state.time += Math.max(0, now - state.real) / 1000 * state.speed;
    state.instant = state.time;
    state.real = now;
    let moved = false;
    while (state.step + 1 < G.moments.length && playTimes[state.step + 1] <= state.time) {
      state.step++;
      moved = true;
      state.log.push({ step: state.step, time: state.time, before: before });
    }
    if (moved) render();
    else { drawSeats(G.moments[state.step]); drawCursor(G.moments[state.step]); }
    if (state.step + 1 >= G.moments.length) { pause(); return; }
    requestAnimationFrame(tick);
  }

  function play() {
    if (state.playing) { pause(); return; }
    if (!G.moments.length) return;
    if (state.step + 1 >= G.moments.length) { state.step = 0; state.instant = null; }
    state.playing = true;
    state.time = state.instant !== null ? state.instant : playTimes[state.step];
    state.instant = state.time;
    state.real = performance.now();
    state.first = true;
    state.log = [];
    $('play').textContent = 'Pause';
    $('play').setAttribute('aria-pressed', 'true');
    requestAnimationFrame(tick);
  }

  function violationStep(direction) {
    for (let k = state.step + direction; k >= 0 && k < G.moments.length; k += direction) {
      if (G.moments[k].violations.length) return k;
    }
    return null;
  }

  function jumpViolation(direction) {
    pause();
    const k = violationStep(direction);
    if (k !== null) go(k);
  }

  function buildMoves() {
    const body = $('moves').querySelector('tbody');
    body.replaceChildren();
    const two = G.boards === 2;
    const head = document.createElement('tr');
    for (const h of two ? ['ply', 'Board A', 'Board B', 'match time'] : ['ply', 'move', 'match time']) {
      const th = document.createElement('th');
      th.textContent = h;
      head.appendChild(th);
    }
    $('moves').querySelector('thead').replaceChildren(head);
    G.plies.forEach((p, i) => {
      const row = document.createElement('tr');
      row.id = 'move-' + i;
      if (!p.played) row.classList.add('unplayed');
      if (p.violations.length) row.classList.add('bad');
      const n = document.createElement('td');
      n.className = 'n';
      n.textContent = String(i + 1);
      row.appendChild(n);
      const cells = [];
      for (let b = 0; b < (two ? 2 : 1); b++) cells.push(document.createElement('td'));
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = p.ref;
      let label = 'Ply ' + (i + 1) + ', ' + p.ref;
      if (!p.played) label += ', not played';
      // An illegal action nobody claimed that play went on from is marked so: the moves after it were played.
      const codeOf = (k) => G.violations[k].code + (G.violations[k].played_on ? ' (not claimed: play went on)' : '');
      if (p.violations.length) label += ', ' + p.violations.map(codeOf).join(', ');
      button.setAttribute('aria-label', label);
      button.addEventListener('click', () => { pause(); go(stepOfPly[i]); });
      const cell = cells[two ? p.board : 0];
      cell.appendChild(button);
      if (p.comment !== undefined) cell.appendChild(commentNote(p.comment));
      if (!p.played || p.violations.length) {
        const tag = document.createElement('span');
        tag.className = 'tag';
        tag.textContent = ' ' + [p.played ? '' : 'not played'].concat(p.violations.map(codeOf))
          .filter((s) => s).join(', ');
        cell.appendChild(tag);
      }
      row.append(...cells);
      const t = document.createElement('td');
      t.className = 'time';
      t.textContent = p.time === null ? '' : clockText(p.time);
      row.appendChild(t);
      body.appendChild(row);
    });
    // A flag fall (or the instant the page was opened at) is a moment of its own: a row before the
    // first ply made after it.
    G.moments.forEach((m, j) => {
      if (m.at !== 'instant') return;
      const row = document.createElement('tr');
      row.id = 'moment-' + j;
      row.className = 'instant';
      const n = document.createElement('td');
      n.className = 'n';
      const cell = document.createElement('td');
      cell.colSpan = two ? 2 : 1;
      const button = document.createElement('button');
      button.type = 'button';
      const falls = [];
      for (let s = 0; s < m.fell.length; s++) if (m.fell[s] !== null && Math.abs(m.fell[s] - m.time) < 1e-6) falls.push(G.players[s]);
      button.textContent = falls.length ? '⚑ flag of ' + falls.join(' and ') + ' fell' : 'match time ' + clockText(m.time);
      button.setAttribute('aria-label', button.textContent + ' at ' + clockText(m.time));
      button.addEventListener('click', () => { pause(); go(j); });
      cell.appendChild(button);
      const t = document.createElement('td');
      t.className = 'time';
      t.textContent = clockText(m.time);
      row.append(n, cell, t);
      let after = null;
      for (let k = j + 1; k < G.moments.length && !after; k++) if (typeof G.moments[k].at === 'number') after = $('move-' + G.moments[k].at);
      body.insertBefore(row, after);
    });
  }

  function loadGame(k, step) {
    pause();
    const old = $('chart-' + state.game);
    if (old) old.hidden = true;
    state.game = k;
    G = data.games[k];
    $('picker').value = String(k);
    setText($('game-title'), 'Game ' + G.index + ': ' + titleOf(G));
    setText($('game-where'), G.file + ', game ' + G.file_index + ', line ' + G.line);
    setText($('game-rules'), G.rules);
    setText($('game-status'), G.status);
    $('game-status').className = 'status ' + G.status;
    setText($('game-outcome'), G.outcome);
    const notDrawn = $('not-drawn');
    notDrawn.hidden = G.moments.length > 0;
    setText(notDrawn, G.not_drawn ? 'Not drawn: ' + G.not_drawn + '.' : '');
    $('stage').hidden = G.moments.length === 0;
    $('figure-B').hidden = G.boards === 1;
    for (let s = 0; s < 4; s++) {
      const seat = document.querySelector('.seat[data-seat-index="' + s + '"]');
      setText(seat.querySelector('.name'), s < G.players.length ? G.players[s] : '');
      // Team 1 is White on board A and Black on board B (they sit on the same side of the page).
      const team = G.boards === 2 ? (s === 0 || s === 3 ? 'Team 1' : 'Team 2') : '';
      setText(seat.querySelector('.team'), team);
      seat.classList.toggle('team-1', team === 'Team 1');
      seat.classList.toggle('team-2', team === 'Team 2');
    }
    setText($('caption-A'), G.boards === 1 ? 'Board' : 'Board A');
    stepOfPly = [];
    playTimes = [];
    const timed = G.moments.some((m) => m.time !== null && m.time > 0);
    G.moments.forEach((m, j) => {
      if (typeof m.at === 'number') stepOfPly[m.at] = j;
      const before = j > 0 ? playTimes[j - 1] : 0;
      const t = m.time !== null ? m.time : before + (timed ? 0 : 1);
      playTimes.push(Math.max(t, before));
    });
    const slider = $('slider');
    slider.max = String(Math.max(0, G.moments.length - 1));
    buildMoves();
    drawRecordWords();
    const chart = $('chart-' + k);
    if (chart) chart.hidden = false;
    $('clocks-heading').hidden = !chart;
    go(step === undefined ? (G.open ? G.open.moment : 0) : step);
  }

  function titleOf(g) {
    if (g.boards === 1) return g.players[0] + ' against ' + g.players[1];
    return g.players[0] + ' and ' + g.players[3] + ' against ' + g.players[1] + ' and ' + g.players[2];
  }

  function setSpeed(x) { state.speed = x; }

  // Links to moments: the fragment #g<index>/<moment> (0 the start, P the moment after the
  // record's P-th ply, end the end), kept up to date as the page steps; #g3 and #g3-p45 (the check
  // report's anchors) are read too. Written a moment after the last step (and not while playing),
  // so that holding an arrow key does not replace the address hundreds of times.
  function fragmentOf() {
    const m = G.moments[state.step];
    if (!m) return '#g' + G.index;
    if (m.at === 'instant') return '#g' + G.index + '/t' + m.time;  // a flag's fall, an instant of --at
    return '#g' + G.index + '/' + (m.at === 'start' ? '0' : m.at === 'end' ? 'end' : String(m.at + 1));
  }

  function writeFragment() {
    if (!state.linked || !G) return;
    clearTimeout(state.fragmentTimer);
    state.fragmentTimer = setTimeout(() => {
      const f = fragmentOf();
      if (location.hash !== f) $('notice').hidden = true;  // the link it told of is gone
      state.fragment = f;
      if (location.hash === f) return;
      try {
        history.replaceState(history.state, '', f);
      } catch (e) {
        location.replace(f);  // where the history refuses a page opened from a file
      }
    }, 120);
  }

  function gamesList() {
    const ids = data.games.map((g) => g.index);
    return ids.length <= 8 ? ids.join(', ') : ids[0] + ' to ' + ids[ids.length - 1];
  }

  // What a fragment names: { game, step }, with `problem` when it names no moment of the page.
  function readFragment(hash) {
    const m = /^#g(\d+)(?:-p(\d+)|\/(\d+|start|end|t\d+(?:\.\d+)?))?$/.exec(hash);
    if (!m) {
      return { problem: 'a link to a moment reads #g3 (a game), #g3/45 (after its 45th ply), #g3/0, #g3/end or ' +
        '#g3/t181.5 (a flag\'s fall at that match time)' };
    }
    const k = data.games.findIndex((g) => String(g.index) === m[1]);
    if (k < 0) return { problem: 'this page has no game ' + m[1] + ' (its games: ' + gamesList() + ')' };
    const g = data.games[k];
    if (m[2] === undefined && m[3] === undefined) return { game: k };
    if (!g.moments.length) return { game: k, problem: 'game ' + m[1] + ' is not drawn' };
    const ply = m[2] !== undefined ? m[2] : m[3];
    let j;
    if (m[3] === 'start' || m[3] === '0') j = 0;
    else if (m[3] === 'end') j = g.moments.length - 1;
    else if (m[3] !== undefined && m[3][0] === 't') {
      const t = Number(m[3].slice(1));
      j = g.moments.findIndex((x) => x.at === 'instant' && Math.abs(x.time - t) < 1e-6);
      if (j < 0) return { game: k, problem: 'game ' + m[1] + ' has no flag fall at match time ' + m[3].slice(1) };
    } else j = g.moments.findIndex((x) => x.at === Number(ply) - 1);
    if (j < 0) {
      return { game: k, problem: 'game ' + m[1] + ' has ' + g.plies.length + ' plies: there is no ply ' + ply };
    }
    return { game: k, step: j };
  }

  function openFromFragment(hash) {
    state.linked = false;
    const notice = $('notice');
    let k = 0, step, named = false;
    let problem = null;
    if (hash && hash !== '#') {
      const r = readFragment(hash);
      if (r.game !== undefined) { k = r.game; named = true; }
      if (r.problem) problem = r.problem;
      else step = r.step;
    }
    if (problem) {
      const shown = hash.length > 60 ? hash.slice(0, 60) + '…' : hash;
      const instead = named ? 'game ' + data.games[k].index : 'the first game';
      notice.textContent = 'The link ' + shown + ' names no moment of this page: ' + problem + '. Shown instead: ' +
        instead + '.';
    }
    notice.hidden = !problem;
    loadGame(k, step);
    state.linked = true;
    if (!problem) writeFragment();
  }

  // The record's own words: its tags, its termination text beside bpgn's verdict, and the result
  // used with where it comes from. Record text goes on the page as text only.
  const RESULT_SOURCES = {
    record: 'from the record (its termination text or its written result)',
    rules: "from the rules (bpgn's verdict from the moves and clocks)",
    arbiter: "from the arbiter's decision",
  };

  function drawRecordWords() {
    const body = $('tags').querySelector('tbody');
    body.replaceChildren();
    for (const [name, value] of G.tags) {
      const row = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      const td = document.createElement('td');
      td.textContent = value;
      row.append(th, td);
      body.appendChild(row);
    }
    $('record-tags').hidden = G.tags.length === 0;
    const used = $('result-used');
    let text = 'Result used: ' + G.result_used + ', ' + RESULT_SOURCES[G.result_source];
    if (G.arbiter) text += ' (' + G.arbiter.file + ':' + G.arbiter.line + '), reason: ' + G.arbiter.reason;
    setText(used, text);
    used.hidden = G.outcome === '';
    used.className = 'result-used ' + G.result_source;
    const term = $('termination');
    setText(term, G.termination === null ? '' : 'The record says: ' + G.termination);
    term.hidden = G.termination === null;
  }

  function commentNote(text) {
    const note = document.createElement('span');
    note.className = 'comment';
    note.textContent = text;
    return note;
  }

  // The moment's comment from the record (the ply's; at the start, the comments before the moves)
  // and the diagnostic the command line's place named.
  function drawMomentWords(m) {
    let text = '';
    if (typeof m.at === 'number') text = G.plies[m.at].comment || '';
    else if (m.at === 'start') text = G.leading_comment || '';
    const el = $('moment-comment');
    setText(el, text ? "The record's comment: " + text : '');
    el.hidden = !text;
    const named = G.open && G.open.violation !== null ? G.open.violation : -1;
    for (const p of document.querySelectorAll('#violations p.diag')) {
      p.classList.toggle('named', Number(p.dataset.violation) === named);
    }
  }

  // The keyboard help: `?` opens and closes it, Esc closes it; while it is open the other keys
  // stay with it.
  function wireHelp() {
    const help = $('help');
    const open = () => { if (!help.open) help.showModal(); };
    const close = () => { if (help.open) help.close(); };
    $('help-button').addEventListener('click', open);
    $('help-close').addEventListener('click', close);
    window.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === '?') {
        const tag = e.target && e.target.tagName;
        if (!help.open && (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA')) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        if (help.open) close();
        else open();
      } else if (help.open) {
        e.stopImmediatePropagation();  // Esc and Tab keep their meaning in the dialog
      }
    }, true);
  }

  // Wiring.
  const picker = $('picker');
  data.games.forEach((g, k) => {
    const o = document.createElement('option');
    o.value = String(k);
    o.textContent = 'Game ' + g.index + ' (' + g.status + '): ' + titleOf(g) + ' — ' + g.file + ':' + g.line;
    picker.appendChild(o);
  });
  $('picker-row').hidden = data.games.length < 2;
  picker.addEventListener('change', () => loadGame(Number(picker.value)));
  $('first').addEventListener('click', () => { pause(); go(0); });
  $('prev').addEventListener('click', () => { pause(); go(state.step - 1); });
  $('next').addEventListener('click', () => { pause(); go(state.step + 1); });
  $('last').addEventListener('click', () => { pause(); go(G.moments.length - 1); });
  $('play').addEventListener('click', play);
  $('prev-violation').addEventListener('click', () => jumpViolation(-1));
  $('next-violation').addEventListener('click', () => jumpViolation(1));
  $('speed').addEventListener('change', () => setSpeed(Number($('speed').value)));
  $('slider').addEventListener('input', () => { pause(); go(Number($('slider').value)); });
  for (const chart of document.querySelectorAll('.chart svg')) {
    const cursor = clone('cursor');
    chart.appendChild(cursor);
    chart.addEventListener('click', (e) => {
      const ctm = chart.getScreenCTM();
      if (!ctm) return;
      const x = (e.clientX - ctm.e) / ctm.a;
      const left = Number(chart.dataset.plotLeft), width = Number(chart.dataset.plotWidth), end = Number(chart.dataset.end);
      const flag = e.target.closest && e.target.closest('.flag-fall');
      pause();
      if (flag) {  // the flag's own moment
        const ft = Number(flag.dataset.time);
        const j = G.moments.findIndex((m) => m.at === 'instant' && Math.abs(m.time - ft) < 1e-3);
        if (j >= 0) { go(j); return; }
      }
      const t = Math.max(0, (x - left) / width * end);
      let k = 0;
      while (k + 1 < G.moments.length && playTimes[k + 1] <= t) k++;
      go(k, t);  // the last move made by then, the clocks at that instant
    });
  }
  wireHelp();
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA') return;  // their own keys
    const actions = {
      ArrowLeft: () => { pause(); go(state.step - 1); },
      ArrowRight: () => { pause(); go(state.step + 1); },
      Home: () => { pause(); go(0); },
      End: () => { pause(); go(G.moments.length - 1); },
      p: play,
      v: () => jumpViolation(1),
      V: () => jumpViolation(-1),
    };
    const act = actions[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  });

  // The test hook (and for the curious): the state, and speeds beyond the menu's.
  window.bpgnViewer = {
    state: () => ({ game: state.game, step: state.step, playing: state.playing, time: state.time, speed: state.speed,
                    instant: state.instant }),
    log: () => state.log.slice(),
    playTimes: () => playTimes.slice(),
    setSpeed: setSpeed,
    loadGame: loadGame,
  };

  // The link's fragment (#g3, #g3-p45, #g3/45, #g3/end): the game and moment to open at.
  if (data.games.length) openFromFragment(location.hash);
  window.addEventListener('hashchange', () => {
    if (location.hash !== state.fragment) openFromFragment(location.hash);
  });
})();
