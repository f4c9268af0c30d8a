// fails: race
// No __syncthreads between filling the tile and reading it: a warp reads its neighbours'
// elements before the next warp has stored them.
__global__ void stencil(const int* in, int* out, int n) {
    __shared__ int s[134];
    int t = threadIdx.x;
    int i = blockIdx.x * 128 + t;
    s[t + 3] = i < n ? in[i] : 0;
    if (t < 3) {
        s[t] = i >= 3 ? in[i - 3] : 0;
        s[t + 131] = i + 128 < n ? in[i + 128] : 0;
    }
    if (i < n) {
        int sum = 0;
        for (int k = 0; k < 7; k++) {
            sum += s[t + k];
        }
        out[i] = sum;
    }
}
