/**
 * The page's one script, inline (its hash is in the page's CSP): fold and unfold all, every
 * fold open for printing, and the player, which hides the items and shows them again at the
 * pace their times say (a pause longer than ten seconds is shortened to ten), faster or
 * slower, from any position of its slider. Without script the toolbar stays hidden and every
 * item is shown. Plain ES2017, no library: the page is opened from disk, offline.
 */

/** The script's text. */
export const playerScript = `(() => {
'use strict';
const bar = document.getElementById('toolbar');
if (!bar) return;
bar.hidden = false;
const folds = () => document.querySelectorAll('details');
document.getElementById('unfold-all').addEventListener('click', () => folds().forEach(d => { d.open = true; }));
document.getElementById('fold-all').addEventListener('click', () => folds().forEach(d => { d.open = false; }));
window.addEventListener('beforeprint', () => folds().forEach(d => { d.open = true; }));
const items = Array.from(document.querySelectorAll('main > section.item'));
const times = [];
let last = 0;
for (const item of items) {
  const at = Number(item.dataset.at);
  if (Number.isFinite(at) && at > 0) last = at;
  times.push(last);
}
const slider = document.getElementById('position');
const play = document.getElementById('play');
const speed = document.getElementById('speed');
const status = document.getElementById('player-status');
slider.max = String(items.length);
slider.value = String(items.length);
let position = items.length;
let timer;
const clock = at => at > 0 ? new Date(at).toISOString().slice(11, 19) + ' UTC' : '';
const show = next => {
  position = Math.max(0, Math.min(items.length, next));
  items.forEach((item, i) => { item.hidden = i >= position; });
  slider.value = String(position);
  status.textContent = position + ' / ' + items.length + (position > 0 ? ' · ' + clock(times[position - 1]) : '');
};
const pause = () => {
  clearTimeout(timer);
  timer = undefined;
  play.textContent = 'Play';
  document.body.classList.remove('playing');
};
const step = () => {
  if (position >= items.length) { pause(); return; }
  show(position + 1);
  items[position - 1].scrollIntoView({block: 'nearest'});
  if (position >= items.length) { pause(); return; }
  const gap = Math.min(10000, Math.max(0, times[position] - times[position - 1]));
  timer = setTimeout(step, gap / Number(speed.value));
};
play.addEventListener('click', () => {
  if (timer !== undefined) { pause(); return; }
  if (position >= items.length) show(0);
  play.textContent = 'Pause';
  document.body.classList.add('playing');
  step();
});
slider.addEventListener('input', () => { pause(); show(Number(slider.value)); });
show(items.length);
})();`;
