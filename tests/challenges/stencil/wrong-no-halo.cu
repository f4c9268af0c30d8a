// fails: wrong
// The block's elements in shared memory but no halo: at a block's edges the neighbours in
// the next block count as 0 (right for n = 100, one block; wrong from n = 1000).
__global__ void stencil(const int* in, int* out, int n) {
    __shared__ int s[134];
    int t = threadIdx.x;
    int i = blockIdx.x * 128 + t;
    s[t + 3] = i < n ? in[i] : 0;
    if (t < 3) {
        s[t] = 0;
        s[t + 131] = 0;
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
