// fails: race
// No __syncthreads inside the loop: a warp reads s[t + k] while another warp may not have
// finished writing it in the step before.
__global__ void block_sum(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int k = 128; k > 0; k /= 2) {
        if (t < k) {
            s[t] += s[t + k];
        }
    }
    if (t == 0) {
        out[blockIdx.x] = s[0];
    }
}
