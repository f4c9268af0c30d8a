// fails: race
// A block-wide scan through shared memory with no barrier: warp 1 reads the words warp 0
// wrote (and the scan runs across the warps' boundary, which the task does not ask for).
__global__ void warp_scan(const int* in, int* out, int n) {
    __shared__ int s[64];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = in[i];
    for (int d = 1; d < 64; d *= 2) {
        int add = 0;
        if (t >= d) {
            add = s[t - d];
        }
        s[t] += add;
    }
    out[i] = s[t];
}
