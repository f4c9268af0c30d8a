// fails: run
// __syncthreads inside the if: only the threads with t < k reach it, and a barrier that
// not every thread of the block reaches is an error (a hang on a GPU).
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = 128; k > 0; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
            __syncthreads();
        }
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
