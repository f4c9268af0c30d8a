// fails: race
// No __syncthreads after filling s: in the first step warp 0 reads s[128..159], which
// warp 4 has not written yet.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
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
