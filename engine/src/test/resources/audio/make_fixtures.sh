#!/bin/sh
# Regenerates the flac/mp3 fixtures that AudioFiles' tests decode (Java cannot encode these).
# Needs Debian's sox, flac and lame. Run from this folder: ./make_fixtures.sh
# The tests assert the values written here (frequency, amplitude, rate, channels, length):
# change both together.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 44.1 kHz stereo 16-bit flac, 0.5 s: left 440 Hz at 0.5, right 440 Hz at 0.3 (mean: 0.4).
sox -D -n -r 44100 -b 16 -c 1 "$tmp/l.wav" synth 0.5 sine 440 vol 0.5
sox -D -n -r 44100 -b 16 -c 1 "$tmp/r.wav" synth 0.5 sine 440 vol 0.3
sox -M "$tmp/l.wav" "$tmp/r.wav" "$tmp/st.wav"
flac -s -f -8 -o sine440_44k1_stereo.flac "$tmp/st.wav"

# 48 kHz mono 24-bit flac, 0.25 s, 1 kHz at 0.5.
sox -D -n -r 48000 -b 24 -c 1 "$tmp/m24.wav" synth 0.25 sine 1000 vol 0.5
flac -s -f -8 -o sine1k_48k_24bit.flac "$tmp/m24.wav"

# 48 kHz mono CBR 128 kbit/s mp3, 0.5 s, 440 Hz at 0.5, with an ID3v2 tag and no Xing/Info
# frame (-t), so the duration must be estimated from the bitrate and the file size.
sox -D -n -r 48000 -b 16 -c 1 "$tmp/m48.wav" synth 0.5 sine 440 vol 0.5
lame --quiet -t -b 128 --cbr --id3v2-only --tt fixture "$tmp/m48.wav" sine440_48k_cbr.mp3

# 44.1 kHz mono VBR mp3, 0.5 s, 440 Hz at 0.5: a Xing header with a LAME tag (delay/padding).
sox -D -n -r 44100 -b 16 -c 1 "$tmp/m44.wav" synth 0.5 sine 440 vol 0.5
lame --quiet -V 4 "$tmp/m44.wav" sine440_44k1_vbr.mp3
