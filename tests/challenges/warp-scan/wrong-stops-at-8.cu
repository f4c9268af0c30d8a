// fails: wrong
// Off by one step: d < 16 stops after d = 8, so each lane sums at most 16 elements.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 1; d < 16; d *= 2) {
        int y = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) {
            v += y;
        }
    }
    out[i] = v;
}
