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

# ALSA's default device is PulseAudio (what Java Sound's "default" mixer opens).
if ! grep -qs 'pcm.!default' /etc/asound.conf; then
  printf 'pcm.!default pulse\nctl.!default pulse\n' >> /etc/asound.conf
fi

# As root, PulseAudio refuses to start in user mode unless told it is allowed.
if ! pactl info >/dev/null 2>&1; then
  pulseaudio -D --exit-idle-time=-1 --system=false --disallow-exit 2>/dev/null \
    || pulseaudio -D --exit-idle-time=-1 --system=false
  for _ in $(seq 1 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
fi

if ! pactl list short sinks | grep -q asrwb_null; then
  pactl load-module module-null-sink sink_name=asrwb_null >/dev/null
fi
pactl set-default-sink asrwb_null
pactl set-default-source asrwb_null.monitor
pactl info | grep -E 'Default (Sink|Source)'
