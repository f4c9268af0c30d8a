// fails: race
// Warps in pairs within the block, but forgot blockIdx: every block does elements 0..63.
__global__ void even_odd(const int* in, int* out, int n) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int i = 2 * lane + warp;
    if (warp == 0) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
