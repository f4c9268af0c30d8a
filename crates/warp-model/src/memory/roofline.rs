//! The roofline: attainable GFLOP/s = min(peak, intensity × bandwidth).
//!
//! FP32 without tensor cores, from the vendors' published figures (stated on the page): the
//! peak is the boost clock's, the bandwidth the memory's rated one. A real kernel reaches
//! neither.

/// A GPU's two ceilings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gpu {
    /// Its `gpu=` value.
    pub key: &'static str,
    /// Its name as the vendor writes it.
    pub name: &'static str,
    /// Peak FP32 GFLOP/s (no tensor cores).
    pub peak: f64,
    /// DRAM bandwidth in GB/s.
    pub bandwidth: f64,
}

/// The GPUs offered (`gpu=`), from the vendors' data sheets: NVIDIA T4 (8.1 TFLOPS FP32,
/// 320 GB/s), A100 40 GB SXM (19.5 TFLOPS, 1,555 GB/s), H100 SXM (66.9 TFLOPS, 3.35 TB/s),
/// `GeForce` RTX 4090 (82.6 TFLOPS, 1,008 GB/s).
pub const GPUS: [Gpu; 4] = [
    Gpu {
        key: "t4",
        name: "NVIDIA T4",
        peak: 8_100.0,
        bandwidth: 320.0,
    },
    Gpu {
        key: "a100",
        name: "NVIDIA A100 (40 GB, SXM)",
        peak: 19_500.0,
        bandwidth: 1_555.0,
    },
    Gpu {
        key: "h100",
        name: "NVIDIA H100 (SXM)",
        peak: 66_900.0,
        bandwidth: 3_350.0,
    },
    Gpu {
        key: "rtx4090",
        name: "NVIDIA GeForce RTX 4090",
        peak: 82_600.0,
        bandwidth: 1_008.0,
    },
];

/// What limits a kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Below the ridge: bandwidth.
    Memory,
    /// At or above it: arithmetic.
    Compute,
}

impl Bound {
    /// Its `data-value`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Bound::Memory => "memory",
            Bound::Compute => "compute",
        }
    }
}

/// A kernel's place on a GPU's roofline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// FLOP per byte of DRAM traffic.
    pub intensity: f64,
    /// Peak ÷ bandwidth: the intensity where the roofs meet.
    pub ridge: f64,
    /// min(peak, intensity × bandwidth), GFLOP/s.
    pub attainable: f64,
    /// Memory below the ridge, else compute.
    pub bound: Bound,
}

impl Gpu {
    /// The GPU whose `gpu=` value is `key`.
    #[must_use]
    pub fn find(key: &str) -> Option<&'static Gpu> {
        GPUS.iter().find(|g| g.key == key)
    }

    /// Peak ÷ bandwidth, FLOP/byte.
    #[must_use]
    pub fn ridge(&self) -> f64 {
        self.peak / self.bandwidth
    }

    /// min(peak, intensity × bandwidth), GFLOP/s.
    #[must_use]
    pub fn attainable(&self, intensity: f64) -> f64 {
        (intensity * self.bandwidth).min(self.peak)
    }

    /// A kernel of `flops` floating-point operations and `bytes` of DRAM traffic on this GPU
    /// (`bytes` 0 reads as no traffic at all: intensity 0, as a kernel that moves nothing is
    /// not placed).
    #[must_use]
    pub fn point(&self, flops: u64, bytes: u64) -> Point {
        let intensity = crate::ratio(flops, bytes);
        let ridge = self.ridge();
        Point {
            intensity,
            ridge,
            attainable: self.attainable(intensity),
            bound: if intensity < ridge {
                Bound::Memory
            } else {
                Bound::Compute
            },
        }
    }
}
