// fails: run
// Fills the shared array without the i < n guard: with n = 5 the other threads of the block
// read past the end of in.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int k = 128; k > 0; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
