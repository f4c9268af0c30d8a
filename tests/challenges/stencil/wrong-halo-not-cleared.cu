// fails: wrong
// Loads the halo only where it lies inside in, and never clears the rest: at the ends of
// in the halo keeps what shared memory started with (undefined on a GPU, -1 in a check).
__global__ void stencil(const int* in, int* out, int n) {
    __shared__ int s[134];
    int t = threadIdx.x;
    int i = blockIdx.x * 128 + t;
    s[t + 3] = i < n ? in[i] : 0;
    if (t < 3) {
        if (i >= 3) {
            s[t] = in[i - 3];
        }
        if (i + 128 < n) {
            s[t + 131] = in[i + 128];
        }
    }
    __syncthreads();
    if (i < n) {
        int sum = 0;
        for (int k = 0; k < 7; k++) {
            sum += s[t + k];
        }
        out[i] = sum;
    }
}
