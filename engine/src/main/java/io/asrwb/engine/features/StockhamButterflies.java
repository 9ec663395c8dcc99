package io.asrwb.engine.features;

/**
 * The butterflies of one Stockham stage for {@link MixedRadixFft}: hand-written radix 2, 3, 4 and
 * 5, and a direct O(r²) one for any other prime radix r. Static and allocation-free so the JIT
 * inlines them into the stage loop; the plan (twiddles, roots) comes in as arguments.
 */
final class StockhamButterflies {

    private StockhamButterflies() {}

    // Each stage: inputs a_j = x[q + s·(p + j·m)], outputs y[q + s·(r·p + k)] = W^(pk)·DFT_r(a)_k.

    static void radix2(
            int m,
            int s,
            double[] twr,
            double[] twi,
            double[] xr,
            double[] xi,
            double[] yr,
            double[] yi) {
        for (int p = 0; p < m; p++) {
            double wr = twr[p];
            double wi = twi[p];
            for (int q = 0; q < s; q++) {
                int i0 = q + s * p;
                int i1 = i0 + s * m;
                double ar = xr[i0];
                double ai = xi[i0];
                double br = xr[i1];
                double bi = xi[i1];
                int o = q + s * 2 * p;
                yr[o] = ar + br;
                yi[o] = ai + bi;
                double dr = ar - br;
                double di = ai - bi;
                yr[o + s] = dr * wr - di * wi;
                yi[o + s] = dr * wi + di * wr;
            }
        }
    }

    private static final double SIN_60 = Math.sqrt(3.0) / 2.0;

    static void radix3(
            int m,
            int s,
            double[] twr,
            double[] twi,
            double[] xr,
            double[] xi,
            double[] yr,
            double[] yi) {
        for (int p = 0; p < m; p++) {
            double w1r = twr[2 * p];
            double w1i = twi[2 * p];
            double w2r = twr[2 * p + 1];
            double w2i = twi[2 * p + 1];
            for (int q = 0; q < s; q++) {
                int i0 = q + s * p;
                double a0r = xr[i0];
                double a0i = xi[i0];
                double a1r = xr[i0 + s * m];
                double a1i = xi[i0 + s * m];
                double a2r = xr[i0 + 2 * s * m];
                double a2i = xi[i0 + 2 * s * m];
                double tr = a1r + a2r;
                double ti = a1i + a2i;
                double dr = SIN_60 * (a1r - a2r);
                double di = SIN_60 * (a1i - a2i);
                double cr = a0r - 0.5 * tr;
                double ci = a0i - 0.5 * ti;
                int o = q + s * 3 * p;
                yr[o] = a0r + tr;
                yi[o] = a0i + ti;
                double x1r = cr + di;
                double x1i = ci - dr;
                double x2r = cr - di;
                double x2i = ci + dr;
                yr[o + s] = x1r * w1r - x1i * w1i;
                yi[o + s] = x1r * w1i + x1i * w1r;
                yr[o + 2 * s] = x2r * w2r - x2i * w2i;
                yi[o + 2 * s] = x2r * w2i + x2i * w2r;
            }
        }
    }

    static void radix4(
            int m,
            int s,
            double[] twr,
            double[] twi,
            double[] xr,
            double[] xi,
            double[] yr,
            double[] yi) {
        int sm = s * m;
        for (int p = 0; p < m; p++) {
            double w1r = twr[3 * p];
            double w1i = twi[3 * p];
            double w2r = twr[3 * p + 1];
            double w2i = twi[3 * p + 1];
            double w3r = twr[3 * p + 2];
            double w3i = twi[3 * p + 2];
            for (int q = 0; q < s; q++) {
                int i0 = q + s * p;
                double a0r = xr[i0];
                double a0i = xi[i0];
                double a1r = xr[i0 + sm];
                double a1i = xi[i0 + sm];
                double a2r = xr[i0 + 2 * sm];
                double a2i = xi[i0 + 2 * sm];
                double a3r = xr[i0 + 3 * sm];
                double a3i = xi[i0 + 3 * sm];
                double t0r = a0r + a2r;
                double t0i = a0i + a2i;
                double t1r = a0r - a2r;
                double t1i = a0i - a2i;
                double t2r = a1r + a3r;
                double t2i = a1i + a3i;
                double t3r = a1r - a3r;
                double t3i = a1i - a3i;
                int o = q + s * 4 * p;
                yr[o] = t0r + t2r;
                yi[o] = t0i + t2i;
                double x1r = t1r + t3i;
                double x1i = t1i - t3r;
                double x2r = t0r - t2r;
                double x2i = t0i - t2i;
                double x3r = t1r - t3i;
                double x3i = t1i + t3r;
                yr[o + s] = x1r * w1r - x1i * w1i;
                yi[o + s] = x1r * w1i + x1i * w1r;
                yr[o + 2 * s] = x2r * w2r - x2i * w2i;
                yi[o + 2 * s] = x2r * w2i + x2i * w2r;
                yr[o + 3 * s] = x3r * w3r - x3i * w3i;
                yi[o + 3 * s] = x3r * w3i + x3i * w3r;
            }
        }
    }

    private static final double C1 = Math.cos(2.0 * Math.PI / 5.0);
    private static final double C2 = Math.cos(4.0 * Math.PI / 5.0);
    private static final double S1 = Math.sin(2.0 * Math.PI / 5.0);
    private static final double S2 = Math.sin(4.0 * Math.PI / 5.0);

    static void radix5(
            int m,
            int s,
            double[] twr,
            double[] twi,
            double[] xr,
            double[] xi,
            double[] yr,
            double[] yi) {
        int sm = s * m;
        for (int p = 0; p < m; p++) {
            int tw = 4 * p;
            for (int q = 0; q < s; q++) {
                int i0 = q + s * p;
                double a0r = xr[i0];
                double a0i = xi[i0];
                double a1r = xr[i0 + sm];
                double a1i = xi[i0 + sm];
                double a2r = xr[i0 + 2 * sm];
                double a2i = xi[i0 + 2 * sm];
                double a3r = xr[i0 + 3 * sm];
                double a3i = xi[i0 + 3 * sm];
                double a4r = xr[i0 + 4 * sm];
                double a4i = xi[i0 + 4 * sm];
                double t1r = a1r + a4r;
                double t1i = a1i + a4i;
                double t2r = a2r + a3r;
                double t2i = a2i + a3i;
                double d1r = a1r - a4r;
                double d1i = a1i - a4i;
                double d2r = a2r - a3r;
                double d2i = a2i - a3i;
                // X1,4 = a0 + C1·t1 + C2·t2 ∓ i(S1·d1 + S2·d2); X2,3 = a0 + C2·t1 + C1·t2 ∓ i(S2·d1
                // − S1·d2)
                double b1r = a0r + C1 * t1r + C2 * t2r;
                double b1i = a0i + C1 * t1i + C2 * t2i;
                double b2r = a0r + C2 * t1r + C1 * t2r;
                double b2i = a0i + C2 * t1i + C1 * t2i;
                double e1r = S1 * d1r + S2 * d2r;
                double e1i = S1 * d1i + S2 * d2i;
                double e2r = S2 * d1r - S1 * d2r;
                double e2i = S2 * d1i - S1 * d2i;
                int o = q + s * 5 * p;
                yr[o] = a0r + t1r + t2r;
                yi[o] = a0i + t1i + t2i;
                store(yr, yi, o + s, b1r + e1i, b1i - e1r, twr[tw], twi[tw]);
                store(yr, yi, o + 2 * s, b2r + e2i, b2i - e2r, twr[tw + 1], twi[tw + 1]);
                store(yr, yi, o + 3 * s, b2r - e2i, b2i + e2r, twr[tw + 2], twi[tw + 2]);
                store(yr, yi, o + 4 * s, b1r - e1i, b1i + e1r, twr[tw + 3], twi[tw + 3]);
            }
        }
    }

    private static void store(
            double[] yr, double[] yi, int o, double vr, double vi, double wr, double wi) {
        yr[o] = vr * wr - vi * wi;
        yi[o] = vr * wi + vi * wr;
    }

    static void radixGeneric(
            int r,
            int m,
            int s,
            double[] twr,
            double[] twi,
            double[] ur,
            double[] ui,
            double[] xr,
            double[] xi,
            double[] yr,
            double[] yi) {
        int sm = s * m;
        for (int p = 0; p < m; p++) {
            for (int q = 0; q < s; q++) {
                int i0 = q + s * p;
                int o = q + s * r * p;
                for (int k = 0; k < r; k++) {
                    double sr = 0.0;
                    double si = 0.0;
                    for (int j = 0, jk = 0; j < r; j++, jk = (jk + k) % r) {
                        double ar = xr[i0 + j * sm];
                        double ai = xi[i0 + j * sm];
                        sr += ar * ur[jk] - ai * ui[jk];
                        si += ar * ui[jk] + ai * ur[jk];
                    }
                    if (k == 0) {
                        yr[o] = sr;
                        yi[o] = si;
                    } else {
                        int t = p * (r - 1) + k - 1;
                        store(yr, yi, o + k * s, sr, si, twr[t], twi[t]);
                    }
                }
            }
        }
    }
}
