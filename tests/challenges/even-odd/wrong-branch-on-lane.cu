// fails: wrong
// Warps in pairs, but branches on the lane's parity instead of the warp's: the element a
// lane holds is even or odd by its warp, not by its lane.
__global__ void even_odd(const int* in, int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = t / 32;
    int lane = t % 32;
    int i = (warp / 2) * 64 + 2 * lane + warp % 2;
    if (lane % 2 == 0) {
        out[i] = 3 * in[i];
    } else {
        out[i] = in[i] - 1;
    }
}
