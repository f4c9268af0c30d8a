// stars: 1
// Interleaved addressing with a strided index: the active threads stay contiguous (fewer
// splits), but thread t works on word 2kt, so the lanes of a warp meet in the same banks.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = 1; k < 256; k *= 2) {
        int j = 2 * k * t;
        if (j < 256) {
            s[j] += s[j + k];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
