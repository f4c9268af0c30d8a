__global__ void partial(const int* in, int* out) {
    int lane = threadIdx.x;
    int v = in[lane];
    if (lane < 16) {
        // wrong: 0xffffffff names lanes 16–31, which are not here
        int a = __shfl_down_sync(0xffffffff, v, 1);
        // right: only the lanes that take the branch
        int b = __shfl_down_sync(0x0000ffff, v, 1);
        out[lane] = a + b;
    }
}
