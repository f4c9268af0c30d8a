// fails: race
// Forgot "if lane 0": every lane stores its partial sum to the warp's slot, and the last
// lane's (not the total) is what stays: different values to one word in one step, a race.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0xffffffff, v, d);
    }
    out[i / 32] = v;
}
