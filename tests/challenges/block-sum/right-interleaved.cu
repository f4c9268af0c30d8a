// stars: 2
// The first tree sum in every textbook: interleaved addressing. Right, and free of bank
// conflicts (a warp's active lanes stay within its own 32 words), but thread t works only
// when t is a multiple of 2k, so the warps split at almost every step.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i < n) {
        s[t] = in[i];
    } else {
        s[t] = 0;
    }
    __syncthreads();
    for (int k = 1; k < 256; k *= 2) {
        if (t % (2 * k) == 0) {
            s[t] += s[t + k];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
