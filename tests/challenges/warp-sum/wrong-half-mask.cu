// fails: mask
// The mask names lanes 0..15 only, but all 32 lanes call the shuffle.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0x0000ffff, v, d);
    }
    if (threadIdx.x % 32 == 0) {
        out[i / 32] = v;
    }
}
