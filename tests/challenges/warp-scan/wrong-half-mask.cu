// fails: mask
// A 16-lane mask (0x0000ffff) while all 32 lanes call the shuffle.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 1; d < 32; d *= 2) {
        int y = __shfl_up_sync(0x0000ffff, v, d);
        if (lane >= d) {
            v += y;
        }
    }
    out[i] = v;
}
