__global__ void vote(const int* in, int* out) {
    int x = in[threadIdx.x];
    unsigned ballot = __ballot_sync(0xffffffff, x % 3 == 0);
    int any = __any_sync(0xffffffff, x > 30);
    int all = __all_sync(0xffffffff, x < 31);
    if (threadIdx.x == 0) {
        out[0] = __popc(ballot);   // lanes 0, 3, …, 30: 11
        out[1] = __ffs(ballot);    // the lowest lane set is 0: 1
        out[2] = any;              // lane 31: 1
        out[3] = all;              // lane 31 is not < 31: 0
    }
}
