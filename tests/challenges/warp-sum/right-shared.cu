// stars: 1
// Through shared memory: each warp halves its own 32 words five times. Right, but every
// step loads and stores shared words that a shuffle would pass in registers.
__global__ void warp_sum(const int* in, int* out, int n) {
    __shared__ int s[128];
    int t = threadIdx.x;
    int lane = t % 32;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncwarp();
    for (int d = 16; d > 0; d /= 2) {
        if (lane < d) {
            s[t] += s[t + d];
        }
        __syncwarp();
    }
    if (lane == 0) {
        out[(blockIdx.x * blockDim.x + t) / 32] = s[t];
    }
}
