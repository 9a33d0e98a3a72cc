// Our own sounds, made on the spot with the Web Audio API: short tones, no files. M turns them off.
// Each sound played is also announced as a "moontable:sound" event on the window (for a board that
// wants to show it, and for the tests), never when sound is off.
let ctx = null;
let on = localStorage.getItem("moontable.sound") !== "off";

const TONES = {
  yours: [[660, 0.08], [880, 0.12]],      // a decision is yours
  move: [[440, 0.06]],                    // someone moved
  upset: [[220, 0.1], [180, 0.14]],       // an upset or a persuade
  points: [[523, 0.08], [659, 0.08], [784, 0.12]],
  end: [[392, 0.15], [523, 0.15], [659, 0.3]],
  error: [[160, 0.2]],
  warn: [[988, 0.07], [0, 0.06], [988, 0.07], [0, 0.06], [988, 0.12]],  // your clock is nearly out
};

export function soundOn() { return on; }

export function toggleSound() {
  on = !on;
  localStorage.setItem("moontable.sound", on ? "on" : "off");
  return on;
}

export function play(name) {
  if (!on || !TONES[name]) return;
  window.dispatchEvent(new CustomEvent("moontable:sound", { detail: name }));
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    let t = ctx.currentTime;
    for (const [freq, dur] of TONES[name]) {
      if (freq) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = "triangle";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.08, t);
        gain.gain.exponentialRampToValueAtTime(0.001, t + dur);
        osc.connect(gain).connect(ctx.destination);
        osc.start(t);
        osc.stop(t + dur);
      }
      t += dur * 0.9;
    }
  } catch { /* no audio here: stay silent */ }
}
