// stars: 3
// Blocks of 64 are exactly one pair of warps: warp 0 of the block takes the even elements
// of the block's 64, warp 1 the odd ones.
__global__ void even_odd(const int* in, int* out, int n) {
    int warp = threadIdx.x / warpSize;
    int lane = threadIdx.x % warpSize;
    int i = blockIdx.x * 64 + lane * 2 + warp;
    if (warp == 1) {
        out[i] = in[i] - 1;
    } else {
        out[i] = in[i] * 3;
    }
}
