// stars: 1
// The same five steps through shared memory, each warp in its own 32 words (read, then
// __syncwarp, then write). Right, but every step costs shared loads and stores.
__global__ void warp_scan(const int* in, int* out, int n) {
    __shared__ int s[64];
    int t = threadIdx.x;
    int lane = t % 32;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = in[i];
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        int add = 0;
        if (lane >= d) {
            add = s[t - d];
        }
        __syncwarp();
        s[t] += add;
        __syncwarp();
    }
    out[i] = s[t];
}
