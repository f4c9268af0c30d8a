// fails: race
// A plain += where an atomic is needed: the 32 lanes read the same old value at once and
// only one lane's sum is kept, and which one is not defined: a race.
__global__ void warp_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i / 32] += in[i];
}
