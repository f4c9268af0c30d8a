// fails: wrong
// A plain += where an atomic is needed: the 32 lanes read the same old value at once and
// only one lane's sum is kept.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i / 32] += in[i];
}
