#!/bin/sh
# Regenerates the voices and sounds of the night-walk story pack (authoring time only:
# tests and CI use the committed files and never need espeak-ng or sox).
#   apt-get install -y espeak-ng sox libsox-fmt-all
# Voices: every line id of strings/en.json that story.json gives a voice file "<id>.ogg",
# spoken by espeak-ng, made mono 16 kHz Ogg Vorbis with sox (small files, exact lengths).
set -eu
pack="${1:-$(dirname "$0")/../levels/night-walk}"
sounds="$pack/sounds"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$sounds"

# speaker → espeak-ng voice variant and pitch, so the characters sound apart.
voice_for() {
  case "$1" in
    speaker.owl) echo "-v en+m3 -p 70" ;;
    speaker.guide) echo "-v en+f3 -p 50" ;;
    *) echo "-v en+m1 -p 40" ;;
  esac
}

# Every "voice": "<id>.ogg" in story.json, with the speaker of the same line.
grep -o '"id": "[^"]*", "speaker": "[^"]*", "voice": "[^"]*"' "$pack/story.json" |
  sed 's/"id": "\([^"]*\)", "speaker": "\([^"]*\)", "voice": "\([^"]*\)"/\1 \2 \3/' |
  while read -r id speaker file; do
    text=$(grep "\"$id\":" "$pack/strings/en.json" | sed 's/^[^:]*: "\(.*\)",\{0,1\}$/\1/')
    # shellcheck disable=SC2046
    espeak-ng -s 150 $(voice_for "$speaker") -w "$tmp/$id.wav" "$text"
    sox "$tmp/$id.wav" -r 16000 -c 1 -C 0 "$sounds/$file" norm -3
    echo "voice $file"
  done

# Sounds of the levels and ambience: short synthesised loops.
sox -n -r 16000 -c 1 -C 0 "$sounds/night.ogg" synth 3 brownnoise vol 0.3 fade 0.2 3 0.2
sox -n -r 16000 -c 1 -C 0 "$sounds/river.ogg" synth 3 pinknoise vol 0.3 fade 0.2 3 0.2
sox -n -r 16000 -c 1 -C 0 "$sounds/hum.ogg" synth 1 sine 220 sine 330 vol 0.4
sox -n -r 16000 -c 1 -C 0 "$sounds/click.ogg" synth 0.05 square 900 vol 0.5 pad 0 0.45
sox -n -r 16000 -c 1 -C 0 "$sounds/hoot.ogg" synth 0.4 sine 380-320 vol 0.5 fade 0.05 0.4 0.1 pad 0 0.8
echo "sounds: night river hum click hoot"
