#include "daemon/model/suite_spec.hpp"

namespace trexsearch::service {

std::string suite_job_name(const std::string& suite_name, const std::string& label) {
  return suite_name + "/" + label;
}

}  // namespace trexsearch::service
