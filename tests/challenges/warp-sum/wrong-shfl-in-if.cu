// fails: mask
// Only the lanes that need the value call the shuffle, but the mask still names all 32:
// the lanes named must all make the call.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 16; d > 0; d /= 2) {
        if (lane < d) {
            v += __shfl_down_sync(0xffffffff, v, d);
        }
    }
    if (lane == 0) {
        out[i / 32] = v;
    }
}
