// fails: wrong
// Writes the exclusive scan (the sum before i) where the task asks for the inclusive one.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int x = in[i];
    int v = x;
    for (int d = 1; d < 32; d *= 2) {
        int y = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) {
            v += y;
        }
    }
    out[i] = v - x;
}
