"""O erro de um caso de uso no formulário da página: ao lado do campo que o causou, ou no topo
sem o caminho interno do dado."""

from __future__ import annotations

from farol.erros import CATALOGO_DE_INFRACOES, EntradaInvalida, NaoEncontrado, Proibido
from farol.web.formularios import GERAL, erro_farol, longe_do_campo, texto_na_pagina

CAMPOS_DA_DECISAO = [
    "data_ato",
    "dados.penalidades.0.multa",
    "dados.penalidades.0.suspensao_dias",
    "dados.fundamentacao",
]


def test_erro_de_um_grupo_de_campos_vai_para_o_primeiro_campo_do_grupo() -> None:
    """O provimento parcial que agrava a penalidade recusa `dados.penalidades.0`: o erro fica ao
    lado da multa, não no topo com o caminho interno."""
    e = EntradaInvalida(
        "RLESTA.16.II: o provimento parcial do recurso não pode agravar a penalidade",
        campo="dados.penalidades.0",
    )
    erros = erro_farol(e, CAMPOS_DA_DECISAO)
    assert list(erros.por_campo) == ["dados.penalidades.0.multa"]
    assert erros.get("dados.penalidades.0.multa").startswith("RLESTA.16.II: o provimento")


def test_erro_fora_dos_campos_vai_ao_topo_sem_o_caminho_interno() -> None:
    erros = erro_farol(NaoEncontrado("processo não encontrado", campo="id"), CAMPOS_DA_DECISAO)
    assert erros.geral == "processo não encontrado"
    e = EntradaInvalida("o papel Inspetor Naval não pode corrigir o ato", campo="papel")
    assert erro_farol(e, CAMPOS_DA_DECISAO).por_campo == {
        GERAL: "o papel Inspetor Naval não pode corrigir o ato"
    }


def test_longe_do_campo_a_recusa_leva_o_rotulo_legivel_e_nunca_o_caminho_interno() -> None:
    """Na página de erro e no topo do formulário: antes, "om_id: fora da sua jurisdição" e
    "de: data inválida: use DD/MM/AAAA"."""
    assert longe_do_campo("fora da sua jurisdição", "om_id") == "OM: fora da sua jurisdição"
    assert longe_do_campo("data inválida: use DD/MM/AAAA", "de") == (
        "Desde: data inválida: use DD/MM/AAAA"
    )
    assert longe_do_campo("número inválido", "dados.penalidades.0.data_ato") == (
        "Data do ato: número inválido"
    )
    # a mensagem que já nomeia o campo (sem diferença de maiúsculas e acentos) sai sozinha
    assert longe_do_campo("OM “CPXX” não encontrada", "om") == "OM “CPXX” não encontrada"
    assert longe_do_campo("a data do ato é futura", "data_ato") == "a data do ato é futura"
    assert longe_do_campo("codigo repetido", "codigo") == "codigo repetido"
    # o campo sem rótulo: a recusa do serviço, que diz de que se trata, sai sozinha; a da
    # validação, que não diz, com o trecho do caminho por extenso
    assert longe_do_campo("chave repetida", "chave") == "chave repetida"
    assert longe_do_campo("preencha este campo", "dados.local_guarda", da_validacao=True) == (
        "Local guarda: preencha este campo"
    )


def test_texto_na_pagina_tem_a_regra_e_o_lugar_da_pagina_sem_o_campo() -> None:
    e = Proibido(
        "o registro de acesso a dados pessoais é consultado por Auditor; o papel Consulta não o "
        "consulta",
        campo="papel",
        regra="LGPD art. 37",
    )
    assert e.texto().startswith("papel: o registro")  # a API e a CLI: com o campo
    assert texto_na_pagina(e) == (
        "o registro de acesso a dados pessoais é consultado por Auditor; o papel Consulta não o "
        "consulta (LGPD art. 37)"
    )
    e = NaoEncontrado(
        "infração desconhecida: “RLESTA.99”", campo="codigo", consulte=CATALOGO_DE_INFRACOES
    )
    assert texto_na_pagina(e) == (
        "Código: infração desconhecida: “RLESTA.99”; os códigos estão na página Legislação"
    )
