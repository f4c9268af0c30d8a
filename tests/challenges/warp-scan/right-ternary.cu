// stars: 3
// Every lane shuffles at every step; a ternary keeps the lanes below d from adding.
__global__ void warp_scan(const int* in, int* out, int n) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    int lane = threadIdx.x & 31;
    int sum = in[i];
    for (int d = 1; d <= 16; d <<= 1) {
        int up = __shfl_up_sync(0xffffffff, sum, d);
        sum += lane >= d ? up : 0;
    }
    out[i] = sum;
}
