#!/usr/bin/env python3
"""Writes the reference feature values the Java feature tests compare against.

Run with Debian's python3-torchaudio (torch 1.13, torchaudio 0.13):
    /usr/bin/python3 make_golden.py            (writes next to this script)

Every output file is one matrix: 8-byte header (rows, cols as little-endian int32) followed by
rows*cols little-endian float32 values, row-major. Feature matrices are frames x bins (time-major),
the layout the Java extractors return. manifest.json lists the files and the settings used.

All references are computed in float64 (default dtype switched before any filterbank is built)
from the float32 input, so the stored float32 values are the correctly rounded reference.
"""
import json
import math
import struct
from pathlib import Path

import numpy as np
import torch
import torchaudio

torch.set_default_dtype(torch.float64)
HERE = Path(__file__).resolve().parent

SAMPLE_RATE = 16000
N_FFT = 320  # 20 ms, deepspeech.pytorch: n_fft = win_length = sample_rate * window_size
HOP = 160  # 10 ms
SILENCE_SAMPLES = 4000  # zeroed at the start of the input for the top_db case


def test_signal():
    """1.0 s + 37 samples (not a multiple of the hop): chirp + two sines + low noise, fixed seed."""
    n = SAMPLE_RATE + 37
    t = np.arange(n, dtype=np.float64) / SAMPLE_RATE
    f0, f1 = 100.0, 7000.0  # linear chirp
    chirp = 0.4 * np.sin(2 * np.pi * (f0 * t + 0.5 * (f1 - f0) * t * t))
    sines = 0.25 * np.sin(2 * np.pi * 440.0 * t) + 0.1 * np.sin(2 * np.pi * 3000.0 * t + 0.3)
    noise = 0.01 * np.random.default_rng(20240607).standard_normal(n)
    return (chirp + sines + noise).astype(np.float32)


def write_matrix(name, matrix):
    matrix = np.ascontiguousarray(np.asarray(matrix, dtype='<f4'))
    if matrix.ndim == 1:
        matrix = matrix.reshape(1, -1)
    rows, cols = matrix.shape
    with open(HERE / name, 'wb') as f:
        f.write(struct.pack('<ii', rows, cols))
        f.write(matrix.tobytes())
    return {'file': name, 'rows': rows, 'cols': cols}


def hamming(length):
    # periodic, as scipy.signal.get_window('hamming', n) used by librosa.stft(window='hamming')
    return torch.hamming_window(length, periodic=True)


def log_spectrogram(x):
    """deepspeech.pytorch SpectrogramParser: librosa.stft(center=True, pad_mode='reflect'), |.|, log1p."""
    stft = torch.stft(x, n_fft=N_FFT, hop_length=HOP, win_length=N_FFT, window=hamming(N_FFT),
                      center=True, pad_mode='reflect', normalized=False, onesided=True,
                      return_complex=True)
    return torch.log1p(stft.abs())  # bins x frames


def mel_power(x, n_mels, norm, mel_scale):
    mel = torchaudio.transforms.MelSpectrogram(
        sample_rate=SAMPLE_RATE, n_fft=N_FFT, win_length=N_FFT, hop_length=HOP, f_min=0.0,
        f_max=SAMPLE_RATE / 2, n_mels=n_mels, window_fn=torch.hamming_window, power=2.0,
        normalized=False, center=True, pad_mode='reflect', onesided=True, norm=norm,
        mel_scale=mel_scale)
    return mel(x)  # n_mels x frames


def mfcc(x, n_mfcc, n_mels, norm, mel_scale):
    transform = torchaudio.transforms.MFCC(
        sample_rate=SAMPLE_RATE, n_mfcc=n_mfcc, dct_type=2, norm='ortho', log_mels=False,
        melkwargs=dict(n_fft=N_FFT, win_length=N_FFT, hop_length=HOP, f_min=0.0,
                       f_max=SAMPLE_RATE / 2, n_mels=n_mels, window_fn=torch.hamming_window,
                       power=2.0, center=True, pad_mode='reflect', norm=norm,
                       mel_scale=mel_scale))
    return transform(x)  # n_mfcc x frames; 10*log10(max(p, 1e-10)), top_db=80, DCT-II ortho


def main():
    signal = test_signal()
    x = torch.from_numpy(signal.astype(np.float64))
    files = {'input': write_matrix('input.f32', signal)}

    spect = log_spectrogram(x)
    files['log_spectrogram'] = write_matrix('log_spectrogram.f32', spect.T.numpy())

    # deepspeech.pytorch normalize=True: global mean and (unbiased) std of the whole spectrogram
    global_norm = (spect - spect.mean()) / spect.std()
    files['log_spectrogram_global_norm'] = write_matrix('log_spectrogram_global_norm.f32',
                                                        global_norm.T.numpy())

    log_floor = 1e-10
    for scale, norm, n_mels in (('slaney', 'slaney', 80), ('htk', None, 40)):
        key = f'log_mel_{scale}_{norm or "none"}_{n_mels}'
        power = mel_power(x, n_mels, norm, scale)
        files[key] = write_matrix(key + '.f32', torch.log(power.clamp(min=log_floor)).T.numpy())

    for scale, norm, n_mels, n_mfcc in (('slaney', 'slaney', 40, 13), ('htk', None, 40, 40)):
        key = f'mfcc_{scale}_{norm or "none"}_{n_mels}_{n_mfcc}'
        files[key] = write_matrix(key + '.f32', mfcc(x, n_mfcc, n_mels, norm, scale).T.numpy())

    # The first 0.25 s silenced: digital zeros sit at the 1e-10 floor (-100 dB), so top_db=80 clamps.
    silenced = x.clone()
    silenced[:SILENCE_SAMPLES] = 0.0
    files['mfcc_silence_start'] = write_matrix(
        'mfcc_slaney_slaney_40_13_silence_start.f32', mfcc(silenced, 13, 40, 'slaney', 'slaney').T.numpy())

    manifest = {
        'generator': 'make_golden.py',
        'torch': torch.__version__,
        'torchaudio': torchaudio.__version__,
        'sample_rate': SAMPLE_RATE, 'n_fft': N_FFT, 'win_length': N_FFT, 'hop_length': HOP,
        'window': 'hamming, periodic', 'center': True, 'pad_mode': 'reflect',
        'log_mel': 'ln(max(mel_power, 1e-10)), f_min 0, f_max sr/2, power 2',
        'mfcc': 'torchaudio MFCC: 10*log10(max(mel_power, 1e-10)), top_db 80 over the utterance,'
                ' DCT-II ortho, log_mels=False',
        'mfcc_silence_start': f'input with samples [0, {SILENCE_SAMPLES}) set to 0',
        'layout': 'int32 rows, int32 cols, then rows*cols float32, little-endian; frames x bins',
        'files': files,
    }
    (HERE / 'manifest.json').write_text(json.dumps(manifest, indent=2) + '\n')


if __name__ == '__main__':
    main()
