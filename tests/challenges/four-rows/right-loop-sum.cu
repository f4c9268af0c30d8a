// stars: 2
// A loop that adds each row as it loads it: every trip waits for its own load, so the four
// loads' latencies add up instead of overlapping.
__global__ void four_rows(const int* a, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int sum = 0;
        for (int r = 0; r < 4; r++) {
            sum += a[r * n + i];
        }
        out[i] = sum;
    }
}
