#!/usr/bin/env python3
"""Generate the tutorial pack's sounds (levels/tutorial/sounds/*.wav).

Standard library only. Every file is mono 16-bit PCM at 22050 Hz, 0.5-2 s long and
under 100 KB. Noise comes from random.Random with a fixed seed per sound, so the
output is the same on every run.

    python3 tools/make-tutorial-sounds.py [OUT_DIR]
"""
import math
import os
import random
import struct
import sys
import wave

RATE = 22050
TAU = 2 * math.pi


def seconds(s):
    return int(round(s * RATE))


def write(path, samples, peak=0.8):
    """Normalise to `peak` (fraction of full scale) and write a mono 16-bit WAV."""
    top = max(abs(x) for x in samples) or 1.0
    scale = peak * 32767 / top
    frames = b"".join(struct.pack("<h", int(round(x * scale))) for x in samples)
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def fade_edges(x, fade_in=0.002, fade_out=0.02):
    """Short linear fades so a one-shot starts and ends at zero (no clicks when looping)."""
    a, b = seconds(fade_in), seconds(fade_out)
    for i in range(min(a, len(x))):
        x[i] *= i / a
    for i in range(min(b, len(x))):
        x[-1 - i] *= i / b
    return x


def loop_crossfade(x, fade):
    """Make x seamlessly loopable: fold its last `fade` samples over its start.
    x must be (length + fade) long; the result is `length` long."""
    n = len(x) - fade
    out = x[:n]
    for i in range(fade):
        g = i / fade
        out[i] = x[i] * math.sqrt(g) + x[n + i] * math.sqrt(1 - g)
    return out


def bell():
    """A struck bell: inharmonic partials, higher ones decaying faster, plus a noisy strike."""
    rng = random.Random(1)
    base = 784.0
    partials = [  # (ratio to base, amplitude, decay time in s)
        (0.5, 0.5, 0.5), (1.0, 1.0, 0.45), (1.19, 0.7, 0.4), (1.51, 0.6, 0.35),
        (2.0, 0.6, 0.3), (2.51, 0.5, 0.28), (2.66, 0.5, 0.25), (3.01, 0.45, 0.22),
        (4.17, 0.4, 0.18), (5.43, 0.35, 0.14), (6.8, 0.3, 0.1), (8.2, 0.2, 0.07),
    ]
    n = seconds(1.5)
    x = []
    for i in range(n):
        t = i / RATE
        s = sum(a * math.exp(-t / d) * math.sin(TAU * base * r * t) for r, a, d in partials)
        s += 0.4 * math.exp(-t / 0.006) * rng.uniform(-1, 1)  # strike transient
        x.append(s)
    return fade_edges(x, fade_out=0.1)  # rings out within 1.5 s, so it loops as repeated strikes


def chirp(f0, f1, dur, shape=1.0):
    """One bird chirp: a sine sweeping f0 -> f1 (curved by `shape`), 2nd harmonic, smooth envelope."""
    n = seconds(dur)
    x, phase = [], 0.0
    for i in range(n):
        u = i / n
        f = f0 + (f1 - f0) * u ** shape
        phase += TAU * f / RATE
        env = math.sin(math.pi * u) ** 2
        x.append(env * (math.sin(phase) + 0.3 * math.sin(2 * phase)))
    return x


def song(pattern, total):
    """Place chirps in time: pattern is a list of (start s, f0, f1, duration s, shape)."""
    x = [0.0] * seconds(total)
    for start, f0, f1, dur, shape in pattern:
        c = chirp(f0, f1, dur, shape)
        o = seconds(start)
        for i, v in enumerate(c):
            x[o + i] += v
    return fade_edges(x)


def robin():
    """Slow falling whistles, 6 -> 3 kHz."""
    return song([(0.05, 6000, 3200, 0.16, 0.7), (0.30, 5600, 3000, 0.16, 0.7),
                 (0.55, 5800, 3400, 0.20, 0.5)], 1.4)


def lark():
    """A fast rising trill, 2 -> 5 kHz, eight short notes."""
    return song([(0.04 + k * 0.085, 2000 + 150 * k, 4200 + 100 * k, 0.06, 1.0)
                 for k in range(8)], 1.2)


def finch():
    """A two-note warble: up-down sweeps between 3 and 5.5 kHz."""
    pat = []
    for k in range(3):
        t = 0.05 + k * 0.22
        pat += [(t, 3000, 5500, 0.09, 0.6), (t + 0.10, 5500, 3500, 0.09, 1.5)]
    return song(pat, 1.0)


def drum():
    """Two knocks: a short, bright noise burst over a falling low thump."""
    rng = random.Random(4)
    x = [0.0] * seconds(1.0)
    for start, gain in ((0.0, 1.0), (0.25, 0.8)):
        o, phase, prev = seconds(start), 0.0, 0.0
        for i in range(seconds(0.3)):
            t = i / RATE
            phase += TAU * (70 + 90 * math.exp(-t / 0.03)) / RATE
            noise = rng.uniform(-1, 1)
            click = noise - 0.6 * prev  # tilt towards highs for a sharp attack
            prev = noise
            x[o + i] += gain * (math.exp(-t / 0.07) * math.sin(phase)
                                + 0.6 * math.exp(-t / 0.015) * click)
    return fade_edges(x, fade_in=0.0005)


def bee():
    """A buzzing insect: band-limited sawtooth around 220 Hz (upper harmonics boosted a little
    for a brighter buzz) with wobbling pitch and wing-beat amplitude; loopable (1 s)."""
    n, fade = seconds(1.0), seconds(0.1)
    harmonics = int((RATE / 2) / 240)
    x, phase = [], 0.0
    for i in range(n + fade):
        t = i / RATE
        f = 220 * (1 + 0.03 * math.sin(TAU * 3 * t) + 0.01 * math.sin(TAU * 7.3 * t))
        phase += TAU * f / RATE
        saw = sum(math.sin(k * phase) / k ** 0.7 for k in range(1, harmonics + 1))
        x.append(saw * (0.8 + 0.2 * math.sin(TAU * 11 * t)))
    return loop_crossfade(x, fade)


def wind():
    """Wind ambience: white noise through a resonant band-pass whose centre drifts slowly
    (a whole number of gust cycles per loop), plus a low rumble; loopable (2 s)."""
    rng = random.Random(6)
    length = 2.0
    n, fade = seconds(length), seconds(0.4)
    x, bp, lp, rbp, rlp = [], 0.0, 0.0, 0.0, 0.0
    rf = 2 * math.sin(math.pi * 120 / RATE)  # rumble band around 120 Hz
    for i in range(n + fade):
        t = i / RATE
        gust = 0.5 + 0.5 * math.sin(TAU * t / length)  # one gust per loop
        fc = 300 + 700 * gust + 150 * math.sin(TAU * 3 * t / length)
        f = 2 * math.sin(math.pi * fc / RATE)  # state-variable filter, q = 1/0.35
        noise = rng.uniform(-1, 1)
        hp = noise - lp - 0.35 * bp
        bp += f * hp
        lp += f * bp
        rbp += rf * (noise - rlp - 0.7 * rbp)
        rlp += rf * rbp
        x.append((0.4 + 0.6 * gust) * bp + 0.8 * rbp)
    return loop_crossfade(x, fade)


SOUNDS = {
    "bell.wav": (bell, 0.8),
    "bird-robin.wav": (robin, 0.8),
    "bird-lark.wav": (lark, 0.8),
    "bird-finch.wav": (finch, 0.8),
    "drum.wav": (drum, 0.8),
    "bee.wav": (bee, 0.6),
    "wind.wav": (wind, 0.5),
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "levels", "tutorial", "sounds")
    os.makedirs(out, exist_ok=True)
    for name, (make, peak) in SOUNDS.items():
        write(os.path.join(out, name), make(), peak)
        print(name)
