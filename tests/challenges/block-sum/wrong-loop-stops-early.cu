// fails: wrong
// Off by one in the loop: k > 1 skips the last step, so s[0] misses s[1]'s half.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = 128; k > 1; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
