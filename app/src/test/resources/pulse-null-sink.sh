#!/usr/bin/env bash
# Sets up PulseAudio for the end-to-end microphone test (MicrophonePulseAudioTest): a null sink
# whose monitor is the default source, so what paplay plays into the sink is what Java Sound
# records. Java Sound reaches PulseAudio through ALSA's pulse plugin (libasound2-plugins) and a
# default ALSA device that points at it. Meant for a throwaway container running as root
# (Debian/Ubuntu); safe to run twice.
set -euo pipefail

if ! command -v pulseaudio >/dev/null || ! command -v paplay >/dev/null \
    || ! ls /usr/lib/*/alsa-lib/libasound_module_pcm_pulse.so >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq pulseaudio pulseaudio-utils libasound2-plugins >/dev/null
fi

# ALSA's default device must be PulseAudio (what Java Sound's "default" mixer opens). Debian's
# libasound2-plugins does that with /etc/alsa/conf.d/99-pulse.conf while PulseAudio runs;
# elsewhere say it outright.
if ! ls /etc/alsa/conf.d/99-pulse.conf >/dev/null 2>&1 && ! grep -qs 'pcm.!default' /etc/asound.conf; then
  printf 'pcm.!default pulse\nctl.!default pulse\n' >> /etc/asound.conf
fi

# A per-user daemon even as root (it warns that it is not meant for root, then runs); never
# the system mode, which clients must be allowed into.
if ! pactl info >/dev/null 2>&1; then
  pulseaudio -D --exit-idle-time=-1 --system=false 2>/dev/null
  for _ in $(seq 1 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
fi

if ! pactl list short sinks | grep -q asrwb_null; then
  # 16 kHz mono s16 like the WAV and the capture line: no resampling anywhere, so the capture is
  # bit-exact (a 44.1 kHz stereo sink still correlates at 0.985, but is not exact)
  pactl load-module module-null-sink sink_name=asrwb_null rate=16000 channels=1 format=s16le >/dev/null
fi
pactl set-default-sink asrwb_null
pactl set-default-source asrwb_null.monitor
pactl info | grep -E 'Default (Sink|Source)'
